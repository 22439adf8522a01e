// Stub of the Android SDK's android.net.Network. Kotlin rather than Java, like the other stubs
// the JVM bridge test (hosts-check/kotlin/BridgeTest.kt) runs and does not only compile
// against: kotlinc emits no classes for Java sources. The SDK hides its constructor (only the
// system makes Networks); this one is public so that the test can stand in for two networks.
// Equal when the same object.
package android.net

open class Network
