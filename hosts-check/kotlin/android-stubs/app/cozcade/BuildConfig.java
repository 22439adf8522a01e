// What Gradle generates for the app's namespace (mobile/Dioxus.toml: identifier); wry's Logger
// reads DEBUG through MainActivity's typealias.
package app.cozcade;

public final class BuildConfig {
    public static final boolean DEBUG = false;
}
