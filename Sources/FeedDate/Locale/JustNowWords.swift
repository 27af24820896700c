// The project's "just now" words (SPEC section 2), where CLDR has none
// that reads as a label: every other locale uses ICU's "now".
import CICU

extension LocaleServices {
    /// "Just now": the project's table (SPEC section 2); nil means ICU's "now".
    static func justNowTable(_ locale: LocaleID) -> [UInt8]? {
        let text: String?
        switch locale.language {
        case "zh": text = locale.script == "Hant" ? "剛剛" : "刚刚"
        case "en": text = "Just now"
        case "ja": text = "たった今"
        case "ko": text = "방금"
        case "de": text = "Gerade eben"
        case "fr": text = "À l'instant"
        case "es": text = "Justo ahora"
        default: text = nil
        }
        return text.map { Array($0.utf8) }
    }
}
