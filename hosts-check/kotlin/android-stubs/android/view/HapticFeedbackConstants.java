// Stub of android.view.HapticFeedbackConstants: the constants the host uses, with the SDK's values.
package android.view;

public class HapticFeedbackConstants {
    public static final int LONG_PRESS = 0;
    public static final int CLOCK_TICK = 4;
    public static final int CONTEXT_CLICK = 6;
    // API 30 (Build.VERSION_CODES.R).
    public static final int CONFIRM = 16;
    public static final int REJECT = 17;
}
