import Foundation

#if canImport(CryptoKit)
import CryptoKit
#elseif canImport(CCrypto)
import CCrypto
#endif

/// HMAC-SHA256 from the platform: CryptoKit on Apple platforms, OpenSSL's libcrypto on Linux.
enum HMACSHA256 {
    static func authenticationCode(for message: Data, key: Data) -> Data {
        #if canImport(CryptoKit)
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        #else
        var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    messageBytes.bindMemory(to: UInt8.self).baseAddress, messageBytes.count, &code, &length)
            }
        }
        return Data(code.prefix(Int(length)))
        #endif
    }

    /// Whether two codes are equal, in time that depends on their length only: a comparison that
    /// stops at the first differing byte tells an attacker how much of a forged code is right.
    static func isEqual(_ left: Data, _ right: Data) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) {
            difference |= a ^ b
        }
        return difference == 0
    }
}
