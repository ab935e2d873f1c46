import Foundation

/// Optimistic writes on the items a read view model shows: the change is on screen at once,
/// the request goes out, and if it fails the change is undone and `updates.errorMessage` says
/// why. Generated view models call these from a method per write operation that targets their
/// items (`GetFeedModel.likePost(postID:optimistically:)`); apps can call them with any request.
///
/// Undoing puts back the item as it was before the change, found by its `id`, so the rest of
/// the list (a refresh that landed meanwhile, other changes) is left as it is.
extension PagedViewModel where Item: Identifiable {
    /// Applies `change` to the loaded item with `id` now, sends `request`, and undoes the change
    /// if the request fails.
    ///
    /// - Returns: the response, or the error after undoing the change (a cancellation undoes it
    ///   too, without an error message).
    @discardableResult
    public final func sendOptimistically<Response: Sendable>(
        _ request: Request<Response>, changing id: Item.ID, _ change: (inout Item) -> Void
    ) async -> Result<Response, any Error> {
        var original: Item?
        return await updates.perform {
            pages.updateItems { items in original = OptimisticEdit.change(&items, id, change) }
        } rollback: {
            pages.updateItems { items in OptimisticEdit.restore(&items, original) }
        } send: { [client] in
            try await client.send(request)
        }
    }

    /// Removes the loaded item with `id` now (a delete), sends `request`, and puts the item back
    /// where it was if the request fails.
    @discardableResult
    public final func sendOptimistically<Response: Sendable>(
        _ request: Request<Response>, removing id: Item.ID
    ) async -> Result<Response, any Error> {
        var removed: (index: Int, item: Item)?
        return await updates.perform {
            pages.updateItems { items in removed = OptimisticEdit.remove(&items, id) }
        } rollback: {
            pages.updateItems { items in OptimisticEdit.reinsert(&items, removed) }
        } send: { [client] in
            try await client.send(request)
        }
    }
}

extension QueryViewModel where Response: RangeReplaceableCollection, Response.Element: Identifiable {
    /// For a read of a list: applies `change` to the loaded item with `id` now, sends
    /// `request`, and undoes the change if the request fails.
    @discardableResult
    public final func sendOptimistically<Answer: Sendable>(
        _ request: Request<Answer>, changing id: Response.Element.ID, _ change: (inout Response.Element) -> Void
    ) async -> Result<Answer, any Error> {
        var original: Response.Element?
        return await updates.perform {
            editItems { items in original = OptimisticEdit.change(&items, id, change) }
        } rollback: {
            editItems { items in OptimisticEdit.restore(&items, original) }
        } send: { [client] in
            try await client.send(request)
        }
    }

    /// For a read of a list: removes the loaded item with `id` now, sends `request`, and puts
    /// the item back where it was if the request fails.
    @discardableResult
    public final func sendOptimistically<Answer: Sendable>(
        _ request: Request<Answer>, removing id: Response.Element.ID
    ) async -> Result<Answer, any Error> {
        var removed: (index: Int, item: Response.Element)?
        return await updates.perform {
            editItems { items in removed = OptimisticEdit.remove(&items, id) }
        } rollback: {
            editItems { items in OptimisticEdit.reinsert(&items, removed) }
        } send: { [client] in
            try await client.send(request)
        }
    }

    private func editItems(_ edit: (inout [Response.Element]) -> Void) {
        query.updateValue { value in
            var items = Array(value)
            edit(&items)
            value = Response(items)
        }
    }
}

/// The list edits behind the optimistic writes, and their undoing.
enum OptimisticEdit {
    /// Changes the item with `id`; returns it as it was, nil when it is not there.
    static func change<Item: Identifiable>(_ items: inout [Item], _ id: Item.ID, _ change: (inout Item) -> Void) -> Item? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        let original = items[index]
        change(&items[index])
        return original
    }

    /// Puts back `original` over the item with its id, if that is still there.
    static func restore<Item: Identifiable>(_ items: inout [Item], _ original: Item?) {
        guard let original, let index = items.firstIndex(where: { $0.id == original.id }) else { return }
        items[index] = original
    }

    /// Removes the item with `id`; returns where it was and what it was.
    static func remove<Item: Identifiable>(_ items: inout [Item], _ id: Item.ID) -> (index: Int, item: Item)? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        return (index, items.remove(at: index))
    }

    /// Puts a removed item back at its place (or the end, if the list got shorter), unless an
    /// item with its id has appeared meanwhile.
    static func reinsert<Item: Identifiable>(_ items: inout [Item], _ removed: (index: Int, item: Item)?) {
        guard let removed, !items.contains(where: { $0.id == removed.item.id }) else { return }
        items.insert(removed.item, at: min(removed.index, items.count))
    }
}
