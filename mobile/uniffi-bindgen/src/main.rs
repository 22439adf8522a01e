//! `cargo run -p uniffi-bindgen -- generate --library <libcozcade_mobile.so|.a|.dylib>
//! --language swift|kotlin|python --out-dir <dir>`: the bindings for the native hosts and the
//! Python bridge test, read from the built library's own metadata (no UDL file).

fn main() {
    uniffi::uniffi_bindgen_main()
}
