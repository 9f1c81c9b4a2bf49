import BeckonSite
import CBeckonPango

extension Color {
    /// The colour as the C layer takes it.
    var rgba: beckon_rgba {
        beckon_rgba(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }
}
