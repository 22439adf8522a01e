//! The app's entry point; everything else lives in the library so host tests can reach it.

fn main() {
    cozcade_mobile::launch();
}
