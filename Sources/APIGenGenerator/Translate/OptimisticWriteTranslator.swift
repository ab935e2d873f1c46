import APIGenOpenAPI

/// Finds the writes that target an item of a read view model's list, the feed pattern: the feed
/// shows `Post`s, and `POST /posts/{postId}/like` likes one of them. Such a view model gets a
/// method per write that changes the item on screen at once and undoes the change if the
/// request fails (`OptimisticWriteGenerator`).
///
/// A write targets the items when one of its path parameters names an item: it is called after
/// the item's type and `id` (`postId` for `Post`), or it is `id` under the list's own path
/// (`DELETE /pets/{id}` beside `GET /pets`); and its type is that of the items' `id`. A `DELETE`
/// of the item itself removes it from the list; any other write changes it as the app says.
enum OptimisticWriteTranslator {
    static func apply(to viewModels: inout [ViewModelDeclaration], operations: [TranslatedOperation], declarations: [TypeDeclaration]) {
        var idTypes: [String: SwiftType] = [:]
        for declaration in declarations {
            if let id = declaration.identifiableID { idTypes[declaration.name] = id.unwrapped }
        }
        guard !idTypes.isEmpty else { return }
        let writes = operations.filter { operation in
            !operation.isStreamingVariant && [.post, .put, .patch, .delete].contains(operation.operation.method)
        }
        let paths = Dictionary(operations.map { ($0.declaration.name, $0.operation.path) }, uniquingKeysWith: { first, _ in first })
        // Each write's parameter keys, normalized once rather than once per view model.
        let keys = writes.map { write in write.declaration.parameters.map { normalized($0.key) } }
        for index in viewModels.indices {
            guard case .named(let itemName)? = listItem(of: viewModels[index]), let idType = idTypes[itemName],
                let readPath = paths[viewModels[index].operation.name]
            else { continue }
            let itemKey = normalized(itemName) + "id"
            viewModels[index].optimisticWrites = zip(writes, keys).compactMap { write, keys in
                target(of: write, keys: keys, itemName: itemName, itemKey: itemKey, idType: idType, readPath: readPath)
            }
            claimNames(in: &viewModels[index])
        }
    }

    /// Each write's method, named after its builder unless a member of the view model or one of
    /// its parameters has the name, and the local its update's closure is passed as.
    private static func claimNames(in model: inout ViewModelDeclaration) {
        let names = model.parameterNames
        var methods = NameScope(
            reserved: ViewModelTranslator.reservedNames.union(names.property.values).union(names.storage.values))
        for index in model.optimisticWrites.indices {
            let operation = model.optimisticWrites[index].operation
            model.optimisticWrites[index].methodName = methods.claim(operation.name.plain)
            var locals = NameScope(reserved: SwiftName.keywords.union(operation.parameters.map(\.name.plain) + ["body"]))
            model.optimisticWrites[index].changeName = locals.claim("change")
        }
    }

    /// The type of the items a read view model shows: a paged list's, or a list read whole.
    private static func listItem(of model: ViewModelDeclaration) -> SwiftType? {
        switch model.kind {
        case .paged(let paging): return paging.itemType.unwrapped
        case .query:
            if case .array(let element) = model.operation.response.type.unwrapped { return element.unwrapped }
            return nil
        case .submission, .stream: return nil
        }
    }

    /// `keys`: the write's parameter keys, `normalized`; `itemKey`: the item's name and `id`, so.
    private static func target(
        of write: TranslatedOperation, keys: [String], itemName: String, itemKey: String, idType: SwiftType, readPath: String
    ) -> OptimisticWrite? {
        let path = write.operation.path
        let parameters = write.declaration.parameters
        guard
            let found = parameters.indices.first(where: { index in
                let parameter = parameters[index]
                guard parameter.location == .path, parameter.type.unwrapped == idType else { return false }
                return keys[index] == itemKey || (parameter.key == "id" && path.hasPrefix(readPath + "/"))
            })
        else { return nil }
        let parameter = parameters[found]
        let removes = write.operation.method == .delete && path.hasSuffix("{\(parameter.key)}")
        return OptimisticWrite(
            operation: write.declaration, itemParameter: parameter.name, itemType: .named(itemName), change: removes ? .remove : .update)
    }

    /// `post_id`, `postId`, `PostID` → `postid`: names compared without case or separators.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}
