// Stub of android.content.Intent: the members the host files use, with the SDK's values.
package android.content;

import android.net.Uri;

public class Intent {
    public static final String ACTION_SEND = "android.intent.action.SEND";
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final String EXTRA_TEXT = "android.intent.extra.TEXT";

    public Intent(String action) { throw new RuntimeException("Stub!"); }
    public Intent(String action, Uri uri) { throw new RuntimeException("Stub!"); }

    public static Intent createChooser(Intent target, CharSequence title) { throw new RuntimeException("Stub!"); }

    public String getAction() { throw new RuntimeException("Stub!"); }
    public String getDataString() { throw new RuntimeException("Stub!"); }
    public String getType() { throw new RuntimeException("Stub!"); }
    public Intent setType(String type) { throw new RuntimeException("Stub!"); }
    public Intent putExtra(String name, String value) { throw new RuntimeException("Stub!"); }
}
