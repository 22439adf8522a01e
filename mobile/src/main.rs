//! The app's entry point; everything else lives in the library so host tests can reach it.

fn main() {
    // In the browser this module is also loaded by the computer player's Web Worker, which has
    // no window: there only the exported search runs, not the UI.
    #[cfg(target_arch = "wasm32")]
    if web_sys::window().is_none() {
        return;
    }
    cozcade_mobile::launch();
}
