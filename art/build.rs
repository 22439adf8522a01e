//! The drawings' colours come from the app's own stylesheet (mobile/web/app.css): each
//! `--name: #rrggbb` of its light theme (everything before the dark theme's media query)
//! becomes a constant `NAME` in `palette.rs`, so a picture of a position and the board on
//! screen are painted alike. A colour the drawings need that the stylesheet lacks stops the
//! build (src/palette.rs names them).

use std::{env, fs, path::PathBuf};

fn main() {
    let css_path = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("../mobile/web/app.css");
    println!("cargo:rerun-if-changed={}", css_path.display());
    let css = fs::read_to_string(&css_path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", css_path.display()));
    let light = css
        .split("@media (prefers-color-scheme: dark)")
        .next()
        .unwrap_or_default();
    let mut out = String::from("// Written by build.rs from mobile/web/app.css's light theme.\n");
    let mut seen: Vec<&str> = Vec::new();
    let mut rest = light;
    while let Some(at) = rest.find("--") {
        rest = &rest[at + 2..];
        let name_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_end);
        let Some(value) = after.trim_start().strip_prefix(':') else {
            continue;
        };
        let value = value.trim_start();
        let value = &value[..value.find([';', '}']).unwrap_or(value.len())];
        let value = value.trim();
        let is_hex = value.len() == 7
            && value.starts_with('#')
            && value[1..].bytes().all(|b| b.is_ascii_hexdigit());
        if name.is_empty() || !is_hex || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let constant = name.to_uppercase().replace('-', "_");
        out.push_str(&format!(
            "#[allow(dead_code)]\npub const {constant}: &str = \"{value}\";\n"
        ));
    }
    let path = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("palette.rs");
    fs::write(&path, out).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
