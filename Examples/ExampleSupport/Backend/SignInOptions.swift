import ArgumentParser
import Foundation

/// `--email` and `--sign-up`: sign in to Firebase before writing, as the
/// user the security rules then see. The password is never an option (a
/// shell's history would keep it): it comes from `FIREBASE_PASSWORD`, or
/// is asked for on the terminal without echo.
///
/// ```swift
/// struct Add: AsyncParsableCommand {
///     @OptionGroup var signIn: SignInOptions
/// }
/// ```
public struct SignInOptions: ParsableArguments, Sendable {
    /// The account's email; without it, requests are not signed in.
    @Option(
        help: ArgumentHelp(
            "Sign in as this user first (password from FIREBASE_PASSWORD, or asked on the terminal).",
            valueName: "email"))
    public var email: String?

    /// Whether to create the account first.
    @Flag(name: .customLong("sign-up"), help: "Create the account (with --email) instead of signing in to it.")
    public var signUp = false

    /// Creates the defaults: not signed in.
    public init() {}

    /// Refuses `--sign-up` without `--email`.
    public func validate() throws {
        if signUp, email == nil {
            throw ValidationError("--sign-up needs --email.")
        }
    }

    /// The password: `FIREBASE_PASSWORD`, or typed on the terminal with
    /// echo off.
    public func password(environment: DotEnv = DotEnv()) throws -> String {
        if let password = environment["FIREBASE_PASSWORD"], !password.isEmpty { return password }
        guard isatty(STDIN_FILENO) == 1 else {
            throw ExampleFailure("Set FIREBASE_PASSWORD, or run on a terminal to type the password.")
        }
        Terminal.writeToStandardError("Password for \(email ?? ""): ")
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            Terminal.writeToStandardError("\n")
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ExampleFailure("No password typed.")
        }
        return line
    }
}
