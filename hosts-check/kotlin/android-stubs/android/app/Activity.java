// Stub of the Android SDK's android.app.Activity: only the members the host files use, with the
// SDK's names and types (android.jar's own bodies are `throw new RuntimeException("Stub!")` too).
// The SDK puts getPackageName on ContextWrapper and getSystemService on Context, two and three
// classes up; flattened here.
package android.app;

import android.content.Intent;
import android.os.Bundle;
import android.view.Window;

public class Activity {
    public Activity() { throw new RuntimeException("Stub!"); }

    protected void onCreate(Bundle savedInstanceState) { throw new RuntimeException("Stub!"); }
    protected void onNewIntent(Intent intent) { throw new RuntimeException("Stub!"); }
    protected void onRestart() { throw new RuntimeException("Stub!"); }
    protected void onStop() { throw new RuntimeException("Stub!"); }
    protected void onDestroy() { throw new RuntimeException("Stub!"); }

    public Intent getIntent() { throw new RuntimeException("Stub!"); }
    public void setIntent(Intent newIntent) { throw new RuntimeException("Stub!"); }
    public boolean isFinishing() { throw new RuntimeException("Stub!"); }
    public boolean isDestroyed() { throw new RuntimeException("Stub!"); }
    public Window getWindow() { throw new RuntimeException("Stub!"); }
    public String getPackageName() { throw new RuntimeException("Stub!"); }
    public final <T> T getSystemService(Class<T> serviceClass) { throw new RuntimeException("Stub!"); }
    public void startActivity(Intent intent) { throw new RuntimeException("Stub!"); }
    public final void runOnUiThread(Runnable action) { throw new RuntimeException("Stub!"); }
}
