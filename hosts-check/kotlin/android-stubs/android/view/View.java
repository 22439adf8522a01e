package android.view;

public class View {
    public boolean performHapticFeedback(int feedbackConstant) { throw new RuntimeException("Stub!"); }
}
