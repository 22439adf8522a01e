// Stub of AppCompat's activity, which wry's WryActivity extends. AppCompat puts FragmentActivity
// between it and androidx.activity.ComponentActivity; nothing the host uses lives there.
package androidx.appcompat.app;

public class AppCompatActivity extends androidx.activity.ComponentActivity {
}
