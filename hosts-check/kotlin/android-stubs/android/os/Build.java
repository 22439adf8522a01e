package android.os;

public class Build {
    public static class VERSION {
        // Read from the system at run time in the SDK: not a compile-time constant.
        public static final int SDK_INT = stub();
    }

    public static class VERSION_CODES {
        public static final int R = 30;
    }

    private static int stub() { throw new RuntimeException("Stub!"); }
}
