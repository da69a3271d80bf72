import Foundation
import ModGraphSystem

/// The digest that index.html's Content-Security-Policy names its script by:
/// the policy allows the page's own script and nothing else, so even markup
/// that slipped into the page could not run an inline event handler.
enum ViewerHash {
    /// The SHA-256 digest of `bytes` in base64, as CSP's `'sha256-…'` source expects it.
    static func sha256Base64(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return Data(hasher.finalize()).base64EncodedString()
    }
}
