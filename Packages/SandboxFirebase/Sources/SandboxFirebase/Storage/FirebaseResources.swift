import Foundation
import SandboxCore

extension SandboxResources {
    /// This emulator's seed data.
    public static let firebase = SandboxResources(
        folder: Bundle.module.url(forResource: "Resources", withExtension: nil))
}
