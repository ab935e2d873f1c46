import Foundation

/// The members of a value as its `encode(to:)` writes them, each kept as the Swift value it is
/// until the part is chosen: bytes (`Data`, `FilePart`) become file parts, which their JSON
/// form (base64 text) would lose. A union's alternative or a free-form object sent as a
/// multipart body is read this way.
enum MultipartMembers {
    /// What one member holds.
    enum Member {
        case json(JSONValue)
        case bytes(Data)
        case files([FilePart])
    }

    /// The members of `value` in the order of their names; nil where the value writes anything
    /// but one flat object (a scalar, an array, nested containers), which its JSON form then
    /// describes instead.
    static func members<Value: Encodable>(of value: Value) -> [(key: String, member: Member)]? {
        let recorder = Recorder()
        guard (try? value.encode(to: recorder)) != nil, recorder.isFlatObject, recorder.openedKeyedContainer else { return nil }
        return recorder.members.sorted { $0.key < $1.key }
    }

    /// An encoder that keeps each top-level member instead of writing it.
    final class Recorder: Encoder {
        var members: [(key: String, member: Member)] = []
        var openedKeyedContainer = false
        /// False once the value writes something a flat list of members cannot hold.
        var isFlatObject = true
        let codingPath: [any CodingKey] = []
        let userInfo: [CodingUserInfoKey: Any] = [APIJSON.requestKey: true]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            openedKeyedContainer = true
            return KeyedEncodingContainer(MemberContainer(recorder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            isFlatObject = false
            return DiscardingUnkeyed()
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            ForwardingValue(recorder: self)
        }

        func record<Value: Encodable>(_ value: Value, key: String) {
            if let data = value as? Data {
                members.append((key, .bytes(data)))
            } else if let file = value as? FilePart {
                members.append((key, .files([file])))
            } else if let files = value as? [FilePart] {
                members.append((key, .files(files)))
            } else if let json = ParameterSerializer.json(value) {
                members.append((key, .json(json)))
            } else {
                isFlatObject = false
            }
        }
    }

    /// Keeps each member; nested containers are not a flat object.
    struct MemberContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {}

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            recorder.record(value, key: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            recorder.isFlatObject = false
            return Recorder().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            recorder.isFlatObject = false
            return DiscardingUnkeyed()
        }

        mutating func superEncoder() -> any Encoder {
            recorder.isFlatObject = false
            return Recorder()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            recorder.isFlatObject = false
            return Recorder()
        }
    }

    /// A union writes its alternative through a single-value container: the alternative's own
    /// members are the value's. A scalar written here is no object.
    struct ForwardingValue: SingleValueEncodingContainer {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { recorder.isFlatObject = false }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try value.encode(to: recorder)
        }
    }

    /// An unkeyed container whose contents are dropped: the value is then read as JSON instead.
    struct DiscardingUnkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count = 0

        mutating func encodeNil() throws { count += 1 }

        mutating func encode<Value: Encodable>(_ value: Value) throws { count += 1 }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            Recorder().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingUnkeyed() }

        mutating func superEncoder() -> any Encoder { Recorder() }
    }
}
