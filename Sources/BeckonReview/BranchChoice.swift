import BeckonLocalization

/// The value of one argument that takes one branch of a choice: a number that ICU sends to a
/// plural branch (`count = 3`), or the keyword of a select branch (`invitee = none`). A string's
/// variants on the review page are its renderings with such values set over a sample's.
struct BranchChoice: Hashable, Sendable {
    enum Value: Hashable, Sendable {
        /// A plural's or ordinal's number.
        case number(Int)
        /// A select keyword, with the keywords of all the select's branches.
        case keyword(String, among: [String])
    }

    var argument: String
    var value: Value

    /// `count = 3`, `invitee = none`.
    var label: String {
        switch value {
        case .number(let number): "\(argument) = \(number)"
        case .keyword(let keyword, _): "\(argument) = \(keyword)"
        }
    }

    /// Sets the argument in `arguments` so the branch is taken. A select's `other` keeps a value
    /// that already takes it (a sample's name reads better than the word "other"); `none` is an
    /// empty value, as an invite without a name has.
    func apply(to arguments: inout [String: ArgumentValue]) {
        let current = arguments[argument]
        switch value {
        case .number(let number):
            arguments[argument] = .number(Double(number))
        case .keyword("other", let keywords):
            let text = current?.text ?? ""
            let takesOther = !keywords.contains(text) && !(text.isEmpty && keywords.contains("none"))
            if !takesOther { arguments[argument] = ArgumentValue("other", isUserData: current?.isUserData ?? false) }
        case .keyword("none", _):
            arguments[argument] = ArgumentValue("", isUserData: current?.isUserData ?? false)
        case .keyword(let keyword, _):
            arguments[argument] = ArgumentValue(keyword, isUserData: current?.isUserData ?? false)
        }
    }
}
