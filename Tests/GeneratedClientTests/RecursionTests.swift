@_spi(Generated) import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Recursive schemas: a tree through arrays, mutually recursive Folder/File, and a linked list whose
/// `next` is stored behind `Indirect`.
final class RecursionTests: XCTestCase {
    // MARK: TreeNode

    private let deepTree = #"""
    {"value": "root", "children": [
      {"value": "a", "children": [
        {"value": "a1", "children": [
          {"value": "a1x", "children": [
            {"value": "a1x-leaf", "children": []}
          ]}
        ]},
        {"value": "a2", "children": []}
      ]},
      {"value": "b", "children": []}
    ]}
    """#

    func testTreeDecodesSeveralLevelsDeep() throws {
        let tree = try assertRoundTrip(TreeNode.self, deepTree)
        XCTAssertEqual(tree.value, "root")
        XCTAssertEqual(tree.children.map(\.value), ["a", "b"])
        XCTAssertEqual(tree.children[0].children.map(\.value), ["a1", "a2"])
        XCTAssertEqual(tree.children[0].children[0].children[0].children[0].value, "a1x-leaf")
        XCTAssertEqual(tree.children[0].children[0].children[0].children[0].children, [])

        let built = TreeNode(value: "root", children: [
            TreeNode(value: "a", children: [
                TreeNode(value: "a1", children: [
                    TreeNode(value: "a1x", children: [TreeNode(value: "a1x-leaf", children: [])]),
                ]),
                TreeNode(value: "a2", children: []),
            ]),
            TreeNode(value: "b", children: []),
        ])
        XCTAssertEqual(tree, built)
        XCTAssertEqual(tree.hashValue, built.hashValue)

        var changed = built
        changed.children[0].children[0].children[0].children[0].value = "other"
        XCTAssertNotEqual(tree, changed)
    }

    func testTreeErrorDeepInsideNamesTheWholePath() {
        let broken = deepTree.replacingOccurrences(of: #"{"value": "a1x-leaf", "children": []}"#, with: #"{"value": "a1x-leaf"}"#)
        assertKeyNotFound(TreeNode.self, broken, path: "children[0].children[0].children[0].children[0].children")
    }

    func testAVeryDeepTree() throws {
        var json = #"{"value": "leaf", "children": []}"#
        for level in 0..<50 {
            json = #"{"value": "n\#(level)", "children": [\#(json)]}"#
        }
        let tree = try assertRoundTrip(TreeNode.self, json)
        var depth = 0
        var node = tree
        while let child = node.children.first {
            node = child
            depth += 1
        }
        XCTAssertEqual(depth, 50)
        XCTAssertEqual(node.value, "leaf")
    }

    // MARK: Folder and File

    func testMutuallyRecursiveFolderAndFile() throws {
        let json = #"""
        {"name": "Documents",
         "files": [
           {"name": "notes.txt", "size": 2048,
            "parent": {"name": "Documents", "files": []}}
         ],
         "subfolders": [
           {"name": "Taxes",
            "files": [
              {"name": "2024.pdf", "size": 9007199254740993,
               "parent": {"name": "Taxes", "files": [{"name": "inner.txt", "size": 1}]}}
            ],
            "subfolders": [{"name": "Empty", "files": [], "subfolders": []}]}
         ]}
        """#
        let folder = try assertRoundTrip(Folder.self, json)
        XCTAssertEqual(folder.name, "Documents")
        XCTAssertEqual(folder.files[0], File(name: "notes.txt", size: 2048, parent: Folder(name: "Documents", files: [])))
        XCTAssertNil(folder.files[0].parent?.subfolders)
        let taxes = try XCTUnwrap(folder.subfolders?.first)
        XCTAssertEqual(taxes.files[0].size, 9_007_199_254_740_993)
        XCTAssertEqual(taxes.files[0].parent?.files[0].name, "inner.txt")
        XCTAssertNil(taxes.files[0].parent?.files[0].parent)
        XCTAssertEqual(taxes.subfolders, [Folder(name: "Empty", files: [], subfolders: [])])
        XCTAssertNotEqual(taxes.subfolders, [Folder(name: "Empty", files: [])], "[] and nil subfolders differ")

        assertKeyNotFound(Folder.self, #"{"name": "D", "files": [{"name": "a", "size": 1, "parent": {"name": "D"}}]}"#, path: "files[0].parent.files")
    }

    // MARK: LinkedNode (Indirect storage)

    func testLinkedListChain() throws {
        let json = #"{"value": 1, "next": {"value": 2, "next": {"value": 3, "next": {"value": 4}}}}"#
        let list = try assertRoundTrip(LinkedNode.self, json)
        var values: [Int] = []
        var node: LinkedNode? = list
        while let current = node {
            values.append(current.value)
            node = current.next
        }
        XCTAssertEqual(values, [1, 2, 3, 4])

        let built = LinkedNode(value: 1, next: LinkedNode(value: 2, next: LinkedNode(value: 3, next: LinkedNode(value: 4))))
        XCTAssertEqual(list, built)
        XCTAssertEqual(list.hashValue, built.hashValue)
        XCTAssertNotEqual(list, LinkedNode(value: 1, next: LinkedNode(value: 2, next: LinkedNode(value: 3))))
        XCTAssertNil(try decode(LinkedNode.self, #"{"value": 1, "next": null}"#).next)
        try assertEncodes(LinkedNode(value: 9), as: #"{"value": 9}"#)
    }

    func testLinkedNodeHasValueSemantics() throws {
        let original = try decode(LinkedNode.self, #"{"value": 1, "next": {"value": 2}}"#)
        var copy = original
        copy.next?.value = 20
        copy.next?.next = LinkedNode(value: 30)
        XCTAssertEqual(original.next?.value, 2, "mutating a copy must not change the original")
        XCTAssertNil(original.next?.next)
        XCTAssertEqual(copy.next?.value, 20)
        XCTAssertEqual(copy.next?.next?.value, 30)
        try assertEncodes(copy, as: #"{"value": 1, "next": {"value": 20, "next": {"value": 30}}}"#)
        try assertEncodes(original, as: #"{"value": 1, "next": {"value": 2}}"#)

        copy.next = nil
        XCTAssertNil(copy.next)
        XCTAssertEqual(original.next?.value, 2)
    }

    func testLinkedListErrorPath() {
        assertKeyNotFound(LinkedNode.self, #"{"value": 1, "next": {"value": 2, "next": {}}}"#, path: "next.next.value")
    }

    func testALongLinkedList() throws {
        var json = #"{"value": 0}"#
        for value in 1...60 {
            json = #"{"value": \#(value), "next": \#(json)}"#
        }
        let list = try assertRoundTrip(LinkedNode.self, json)
        var count = 0
        var node: LinkedNode? = list
        while let current = node {
            count += 1
            node = current.next
        }
        XCTAssertEqual(count, 61)
    }
}
