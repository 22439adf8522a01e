//! The app's web bundle, built without `dx` and for a phone's first load: a size-optimised
//! wasm32 build of the app (the `web-release` profile, then binaryen's `wasm-opt -Oz`) and a
//! speed-optimised one of the computer player's worker (`web-thinker`, `wasm-opt -O3`),
//! wasm-bindgen as a library (the exact version the workspace pins), the translations as files
//! of their own, content-hashed names for everything that never changes under its name, and
//! brotli and gzip copies of every text and wasm file beside it, so the server sends them as
//! they are (`ServeDir::precompressed_br/gzip`). Every script goes through terser: a quarter of
//! the scripts' compressed bytes on the first load are comments, whitespace and long names.
//!
//! The templates in `mobile/web/` name their assets in quotes as `"./<name>"` or `"/<name>"`
//! (`"./cozcade_mobile.js"`, `"/icon.svg"`); the bundle replaces each with its hashed name. `index.html`, `sw.js`,
//! `worker.js` and `manifest.webmanifest` keep their names: the first two are where every visit
//! starts, the worker is created by that name from the app, and the manifest's address
//! identifies the installed app. The server sends those with `Cache-Control: no-cache`.

use std::{
    collections::BTreeMap,
    io::Write,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};

use crate::{cargo_step, root, step, target_dir};

/// Files served with their own names (no hash), always revalidated by the browser.
const STABLE_NAMES: [&str; 4] = ["index.html", "sw.js", "worker.js", "manifest.webmanifest"];

/// Whether the bundle must go through the Node tools (`wasm-opt` and terser).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Optimise {
    Always,
    IfNodeIsThere,
}

impl Optimise {
    /// `cargo xtask play` must work with nothing but Rust installed: without Node the page
    /// still works, it is only bigger (mobile/BENCHMARKS.md has both sizes).
    fn with_node_tools(self) -> bool {
        self == Optimise::Always || crate::need::has_node()
    }
}

/// Builds the bundle into `<target dir>/web` and returns that directory.
pub fn bundle(optimise: Optimise) -> Result<PathBuf> {
    crate::need::rust_target("wasm32-unknown-unknown")?;
    let staging = fresh_dir(&target_dir().join("web-staging"))?;
    let scripts = Scripts::new(optimise, &staging)?;
    let app = Module {
        title: "the app",
        cargo: &[
            "build",
            "-p",
            "cozcade-mobile",
            "--bin",
            "cozcade-mobile",
            "--features",
            "web",
        ],
        artifact: "cozcade-mobile.wasm",
        name: "cozcade_mobile",
        // Every byte is downloaded before the first screen.
        profile: "web-release",
        wasm_opt: "-Oz",
    }
    .build(&staging, optimise)?;
    let thinker = Module {
        title: "the computer player's worker",
        // A cdylib with its JavaScript entry point only here: for the app it is a plain library.
        cargo: &[
            "rustc",
            "-p",
            "cozcade-thinker",
            "--lib",
            "--crate-type",
            "cdylib",
            "--features",
            "worker",
        ],
        artifact: "cozcade_thinker.wasm",
        name: "cozcade_thinker",
        // Fetched in the background; then its speed is the computer player's strength per second.
        profile: "web-thinker",
        wasm_opt: "-O3",
    }
    .build(&staging, optimise)?;

    let out = fresh_dir(&target_dir().join("web"))?;
    let mut names = Names::default();
    // Leaves first: files that name no other asset.
    let app_wasm = read(&app.wasm)?;
    names.hashed(&out, "cozcade_mobile_bg.wasm", &app_wasm)?;
    names.hashed(&out, "cozcade_thinker_bg.wasm", &read(&thinker.wasm)?)?;
    let glue = read_text(&app.glue)?;
    names.hashed(&out, "cozcade_mobile.js", scripts.module(&glue)?.as_bytes())?;
    let thinker_glue = scripts.module(&read_text(&thinker.glue)?)?;
    names.hashed(&out, "cozcade_thinker.js", thinker_glue.as_bytes())?;
    let web = root().join("mobile/web");
    let icons = root().join("mobile/icons");
    names.hashed(&out, "icon.svg", &read(&web.join("icon.svg"))?)?;
    names.hashed(&out, "icon-192.png", &read(&icons.join("web-192.png"))?)?;
    names.hashed(&out, "icon-512.png", &read(&icons.join("web-512.png"))?)?;
    // The translations, each a file of its own: English is inside the app's wasm, and the page
    // fetches only the language it starts in (mobile/src/i18n/sources.rs).
    let translations = translations()?;
    for tag in &translations {
        let text = read(&root().join(format!("mobile/locales/{tag}.ftl")))?;
        names.hashed(&out, &format!("locale-{tag}.ftl"), &text)?;
    }
    // wasm-bindgen's snippets (`inline_js`, `module = ...`): the glue imports them by path.
    copy_snippets(&staging, &out, &mut names, &scripts)?;
    // Then the files that name those.
    let boot = boot_script(
        &read_text(&web.join("boot.js"))?,
        &translations,
        app_wasm.len(),
    );
    let boot = scripts.module(&names.rewrite(&boot))?;
    names.hashed(&out, "boot.js", boot.as_bytes())?;
    let worker = scripts.module(&names.rewrite(&read_text(&web.join("worker.js"))?))?;
    names.stable(&out, "worker.js", worker.as_bytes())?;
    let manifest = names.rewrite(&read_text(&web.join("manifest.webmanifest"))?);
    names.stable(&out, "manifest.webmanifest", manifest.as_bytes())?;
    let page = names.rewrite(&page(&read_text(&web.join("index.html"))?, &glue)?);
    names.stable(&out, "index.html", page.as_bytes())?;
    // Last the service worker: it lists every file so that the app opens with no network.
    let service_worker =
        scripts.classic(&service_worker(&read_text(&web.join("sw.js"))?, &names))?;
    names.stable(&out, "sw.js", service_worker.as_bytes())?;
    compress_all(&out)?;
    std::fs::remove_dir_all(&staging).ok();
    Ok(out)
}

/// One wasm module of the bundle: the app, or the computer player's worker.
struct Module<'a> {
    title: &'a str,
    /// What to build: cargo's subcommand, the package, its target and features.
    cargo: &'a [&'a str],
    /// The file cargo writes under `wasm32-unknown-unknown/<profile>/`.
    artifact: &'a str,
    /// wasm-bindgen's name for it: `<name>.js` and `<name>_bg.wasm`.
    name: &'a str,
    /// The cargo profile (see the workspace's Cargo.toml) and wasm-opt's level: for size or speed.
    profile: &'a str,
    wasm_opt: &'a str,
}

/// A module built, bound and optimised, in the staging folder.
struct Built {
    glue: PathBuf,
    wasm: PathBuf,
}

impl Module<'_> {
    fn build(&self, staging: &Path, optimise: Optimise) -> Result<Built> {
        let mut args = self.cargo.to_vec();
        args.extend_from_slice(&[
            "--profile",
            self.profile,
            "--target",
            "wasm32-unknown-unknown",
        ]);
        cargo_step(
            &format!(
                "web: wasm32 build of {} (profile {})",
                self.title, self.profile
            ),
            &args,
        )?;
        let wasm = target_dir().join(format!(
            "wasm32-unknown-unknown/{}/{}",
            self.profile, self.artifact
        ));
        crate::heading(&format!("web: wasm-bindgen ({})", self.title));
        wasm_bindgen_cli_support::Bindgen::new()
            .input_path(&wasm)
            .out_name(self.name)
            .web(true)?
            .typescript(false)
            .generate(staging)
            .with_context(|| format!("wasm-bindgen on {}", wasm.display()))?;
        let bound = staging.join(format!("{}_bg.wasm", self.name));
        let optimised = staging.join(format!("{}_bg.opt.wasm", self.name));
        if !optimise.with_node_tools() {
            println!(
                "\nweb: no Node.js, so no wasm-opt pass (install Node.js for the smaller bundle)"
            );
            std::fs::copy(&bound, &optimised).context("copying the wasm")?;
        } else {
            wasm_opt(&bound, &optimised, self.wasm_opt)?;
        }
        Ok(Built {
            glue: staging.join(format!("{}.js", self.name)),
            wasm: optimised,
        })
    }
}

/// The original name of each file in the bundle and the name it is served under.
#[derive(Default)]
struct Names {
    served: BTreeMap<String, String>,
    /// Every file's name and bytes so far: the service worker's version.
    contents: Sha256,
}

impl Names {
    /// Writes `bytes` as `<stem>.<hash>.<extension>`: the first 16 hex digits of its SHA-256.
    fn hashed(&mut self, out: &Path, name: &str, bytes: &[u8]) -> Result<()> {
        let digest = Sha256::digest(bytes);
        let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        let (stem, extension) = name.split_once('.').unwrap_or((name, ""));
        let served = format!("{stem}.{hash}.{extension}");
        write(&out.join(&served), bytes)?;
        self.contents.update(served.as_bytes());
        self.served.insert(name.to_owned(), served);
        Ok(())
    }

    fn stable(&mut self, out: &Path, name: &str, bytes: &[u8]) -> Result<()> {
        debug_assert!(STABLE_NAMES.contains(&name));
        write(&out.join(name), bytes)?;
        self.contents.update(name.as_bytes());
        self.contents.update(bytes);
        self.served.insert(name.to_owned(), name.to_owned());
        Ok(())
    }

    /// Replaces every `"./<name>"` and `"/<name>"` of a file already in the bundle with the
    /// same address of its served name.
    fn rewrite(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for (name, served) in &self.served {
            for prefix in ["\"./", "\"/"] {
                text = text.replace(&format!("{prefix}{name}\""), &format!("{prefix}{served}\""));
            }
        }
        text
    }
}

/// terser on the bundle's scripts, where Node.js is there to run it (as for wasm-opt); without,
/// they go as they are.
struct Scripts {
    terser: Option<PathBuf>,
    scratch: PathBuf,
}

impl Scripts {
    fn new(optimise: Optimise, staging: &Path) -> Result<Scripts> {
        let terser = if optimise.with_node_tools() {
            Some(node_tools()?.join("node_modules/terser/bin/terser"))
        } else {
            None
        };
        Ok(Scripts {
            terser,
            scratch: staging.join("terser"),
        })
    }

    /// An ES module (top-level names are its own; its exports keep theirs).
    fn module(&self, text: &str) -> Result<String> {
        self.minify(text, &["--module"])
    }

    /// A classic script (the service worker): its top-level names stay as they are.
    fn classic(&self, text: &str) -> Result<String> {
        self.minify(text, &[])
    }

    fn minify(&self, text: &str, kind: &[&str]) -> Result<String> {
        let Some(terser) = &self.terser else {
            return Ok(text.to_owned());
        };
        let (input, output) = (
            self.scratch.with_extension("in.js"),
            self.scratch.with_extension("out.js"),
        );
        write(&input, text.as_bytes())?;
        let run = Command::new("node")
            .arg(terser)
            .arg(&input)
            .args(kind)
            .args(["--compress", "--mangle", "--output"])
            .arg(&output)
            .output()
            .context("running terser (node)")?;
        if !run.status.success() {
            anyhow::bail!(
                "terser failed on a script of the bundle: {}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        read_text(&output)
    }
}

/// Copies wasm-bindgen's `snippets/` folder, each script minified: the glue imports Dioxus's
/// scripts from there by these names.
fn copy_snippets(staging: &Path, out: &Path, names: &mut Names, scripts: &Scripts) -> Result<()> {
    let snippets = staging.join("snippets");
    if !snippets.exists() {
        return Ok(());
    }
    for path in files_under(&snippets)? {
        let relative = path
            .strip_prefix(staging)
            .context("snippet outside the staging folder")?
            .to_string_lossy()
            .into_owned();
        let bytes = if path.extension().is_some_and(|e| e == "js") {
            scripts.module(&read_text(&path)?)?.into_bytes()
        } else {
            read(&path)?
        };
        write(&out.join(&relative), &bytes)?;
        names.served.insert(relative.clone(), relative);
    }
    Ok(())
}

/// The page as served: without its comments (it is the first round trip of every visit), and
/// with a `modulepreload` beside the glue's for each script the glue imports, so those are
/// fetched with the glue instead of one round trip after it.
fn page(template: &str, glue: &str) -> Result<String> {
    const GLUE: &str = r#"<link rel="modulepreload" href="/cozcade_mobile.js">"#;
    let mut page = String::new();
    let mut rest = template;
    while let Some(start) = rest.find("<!--") {
        page.push_str(&rest[..start]);
        let end = rest[start..]
            .find("-->")
            .context("index.html: a comment that does not end")?;
        rest = &rest[start + end + "-->".len()..];
    }
    page.push_str(rest);
    let mut lines: Vec<String> = Vec::new();
    for line in page.lines().filter(|line| !line.trim().is_empty()) {
        lines.push(line.to_owned());
        if line.trim() == GLUE {
            let indent = &line[..line.len() - line.trim_start().len()];
            for script in glue_imports(glue) {
                lines.push(format!(
                    r#"{indent}<link rel="modulepreload" href="/{script}">"#
                ));
            }
        }
    }
    if !lines.iter().any(|line| line.trim() == GLUE) {
        anyhow::bail!("index.html has no {GLUE}");
    }
    Ok(lines.join("\n") + "\n")
}

/// The files the glue imports statically (`import { x } from './snippets/...';`).
fn glue_imports(glue: &str) -> Vec<&str> {
    glue.lines()
        .filter(|line| line.starts_with("import "))
        .filter_map(|line| {
            let (_, from) = line.rsplit_once(" from ")?;
            let path = from.trim().trim_end_matches(';');
            let path = path
                .strip_prefix('\'')
                .and_then(|p| p.strip_suffix('\''))
                .or_else(|| path.strip_prefix('"').and_then(|p| p.strip_suffix('"')))?;
            path.strip_prefix("./")
        })
        .collect()
}

/// `boot.js` with the translations it can fetch: `{ "nl": "./locale-nl.ftl", ... }`, each
/// address then renamed to its hashed file like every other; and the app's wasm size as it
/// arrives, uncompressed, for the splash's progress bar (the response's length is the
/// compressed one).
fn boot_script(template: &str, translations: &[String], wasm_bytes: usize) -> String {
    let entries: Vec<String> = translations
        .iter()
        .map(|tag| format!("\"{tag}\": \"./locale-{tag}.ftl\""))
        .collect();
    template
        .replace(
            "\"__TRANSLATIONS__\"",
            &format!("{{ {} }}", entries.join(", ")),
        )
        .replace("\"__WASM_BYTES__\"", &wasm_bytes.to_string())
}

/// `sw.js` with its list of files to keep (every file of the bundle but itself, and `./` for
/// the page) and a version that changes whenever one of them does.
fn service_worker(template: &str, names: &Names) -> String {
    let mut files: Vec<String> = vec!["./".into()];
    files.extend(
        names
            .served
            .values()
            .filter(|served| served.as_str() != "index.html")
            .map(|served| format!("./{served}")),
    );
    let listed = serde_json_list(&files);
    // Hashed names stand for their bytes; the stable files count with their bytes, so a new
    // page or worker reaches the phones that keep the old ones.
    let digest = names.contents.clone().finalize();
    let version: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    template
        .replace("\"__FILES__\"", &listed)
        .replace("__VERSION__", &version)
}

fn serde_json_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("\"{item}\"")).collect();
    format!("[{}]", quoted.join(", "))
}

/// binaryen's `wasm-opt` at `level` (`-Oz`, `-O3`), from the npm package pinned in
/// `xtask/tools/` (Debian's binaryen is too old to read the wasm today's Rust writes). The
/// features are the ones rustc enables for wasm32-unknown-unknown; every browser the app
/// supports has them.
fn wasm_opt(input: &Path, output: &Path, level: &str) -> Result<()> {
    let tools = node_tools()?;
    let mut command = Command::new("node");
    command
        .arg(tools.join("node_modules/binaryen/bin/wasm-opt"))
        .arg(input)
        .arg("-o")
        .arg(output)
        .arg(level)
        .args([
            "--enable-bulk-memory",
            "--enable-nontrapping-float-to-int",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-reference-types",
            "--enable-multivalue",
        ]);
    step(&format!("web: wasm-opt {level} (binaryen, npm)"), command)?;
    let before = size(input)?;
    let after = size(output)?;
    println!(
        "wasm-opt: {} -> {} ({:.1} % smaller)",
        kib(before),
        kib(after),
        100.0 * (before - after) as f64 / before as f64
    );
    Ok(())
}

/// Installs `xtask/tools/package.json` (exact versions, from its lock file) with `npm ci` into
/// `<target dir>/tools`, once per lock file; returns that folder.
pub fn node_tools() -> Result<PathBuf> {
    let source = root().join("xtask/tools");
    let tools = target_dir().join("tools");
    std::fs::create_dir_all(&tools).with_context(|| format!("creating {}", tools.display()))?;
    for file in ["package.json", "package-lock.json"] {
        std::fs::copy(source.join(file), tools.join(file))
            .with_context(|| format!("copying xtask/tools/{file}"))?;
    }
    crate::need::npm_ci(&tools)?;
    Ok(tools)
}

/// The tags of `mobile/locales/*.ftl` but English's, sorted.
fn translations() -> Result<Vec<String>> {
    let dir = root().join("mobile/locales");
    let mut tags = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("ftl") {
            continue;
        }
        if let Some(tag) = path.file_stem().and_then(|s| s.to_str())
            && tag != "en"
        {
            tags.push(tag.to_owned());
        }
    }
    tags.sort();
    Ok(tags)
}

/// Writes `<file>.br` and `<file>.gz` beside every file that compresses (not the PNGs).
fn compress_all(out: &Path) -> Result<()> {
    crate::heading("web: brotli and gzip copies");
    for path in files_under(out)? {
        let compressible = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("html" | "js" | "wasm" | "css" | "svg" | "webmanifest" | "json" | "ftl")
        );
        if !compressible {
            continue;
        }
        let bytes = read(&path)?;
        let mut brotli = Vec::new();
        {
            let params = brotli::enc::BrotliEncoderParams {
                quality: 11,
                lgwin: 24,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut bytes.as_slice(), &mut brotli, &params)
                .with_context(|| format!("brotli on {}", path.display()))?;
        }
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gzip.write_all(&bytes)?;
        let gzip = gzip.finish()?;
        write(&sibling(&path, "br"), &brotli)?;
        write(&sibling(&path, "gz"), &gzip)?;
    }
    Ok(())
}

fn sibling(path: &Path, extension: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(extension);
    PathBuf::from(name)
}

/// Every file under `dir`, in its folders too.
fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("{}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    Ok(files)
}

/// Every file of the bundle as served (brotli where there is a copy): the page, its scripts,
/// the glue and its snippets, the wasm, the icons, the manifest, the workers. Printed after
/// each build.
pub fn report_size(bundle: &Path) -> Result<()> {
    let mut rows = Vec::new();
    for path in files_under(bundle)? {
        let name = path
            .strip_prefix(bundle)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".br") || name.ends_with(".gz") {
            continue;
        }
        let raw = size(&path)?;
        let brotli = size(&sibling(&path, "br")).unwrap_or(raw);
        let gzip = size(&sibling(&path, "gz")).unwrap_or(raw);
        rows.push((name, raw, brotli, gzip));
    }
    rows.sort();
    println!(
        "\n{:<72} {:>10} {:>10} {:>10}",
        "file", "raw", "brotli", "gzip"
    );
    let (mut raw, mut brotli, mut gzip) = (0, 0, 0);
    for (name, r, b, g) in &rows {
        println!("{name:<72} {:>10} {:>10} {:>10}", kib(*r), kib(*b), kib(*g));
        raw += r;
        brotli += b;
        gzip += g;
    }
    println!(
        "{:<72} {:>10} {:>10} {:>10}",
        "all files",
        kib(raw),
        kib(brotli),
        kib(gzip)
    );
    Ok(())
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

fn size(path: &Path) -> Result<u64> {
    Ok(std::fs::metadata(path)
        .with_context(|| format!("{}", path.display()))?
        .len())
}

fn fresh_dir(dir: &Path) -> Result<PathBuf> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("clearing {}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok(dir.to_owned())
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading {}", path.display()))
}

fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_keep_the_extension_and_templates_follow_them() {
        let out = std::env::temp_dir().join(format!("cozcade-names-{}", std::process::id()));
        let mut names = Names::default();
        names
            .hashed(&out, "cozcade_mobile_bg.wasm", b"wasm")
            .unwrap();
        names.hashed(&out, "cozcade_mobile.js", b"glue").unwrap();
        let wasm = names.served["cozcade_mobile_bg.wasm"].clone();
        assert!(wasm.starts_with("cozcade_mobile_bg.") && wasm.ends_with(".wasm"));
        assert_eq!(wasm.len(), "cozcade_mobile_bg..wasm".len() + 16);
        assert!(out.join(&wasm).is_file());
        let js = names.served["cozcade_mobile.js"].clone();
        let text =
            names.rewrite("import x from \"./cozcade_mobile.js\"; f(\"./cozcade_mobile_bg.wasm\")");
        assert_eq!(text, format!("import x from \"./{js}\"; f(\"./{wasm}\")"));
        // A different file gets a different name.
        names
            .hashed(&out, "cozcade_mobile.js", b"other glue")
            .unwrap();
        assert_ne!(names.served["cozcade_mobile.js"], js);
        let sw = service_worker(
            "const FILES = \"__FILES__\"; const V = \"__VERSION__\";",
            &names,
        );
        assert!(sw.contains(&format!("\"./{wasm}\"")), "{sw}");
        assert!(sw.contains("[\"./\", "), "{sw}");
        assert!(!sw.contains("__VERSION__"));
        std::fs::remove_dir_all(&out).ok();
    }

    #[test]
    fn the_boot_script_gets_every_translation() {
        let boot = boot_script(
            "const translations = \"__TRANSLATIONS__\"; const size = \"__WASM_BYTES__\";",
            &["nl".into(), "sv".into()],
            1234,
        );
        assert_eq!(
            boot,
            "const translations = { \"nl\": \"./locale-nl.ftl\", \"sv\": \"./locale-sv.ftl\" }; const size = 1234;"
        );
        // The template in the repository has the placeholders, and every locale is a translation.
        let template = read_text(&root().join("mobile/web/boot.js")).unwrap();
        assert!(template.contains("\"__TRANSLATIONS__\""));
        assert!(template.contains("\"__WASM_BYTES__\""));
        let tags = translations().unwrap();
        assert!(
            tags.contains(&"nl".to_owned()) && !tags.contains(&"en".to_owned()),
            "{tags:?}"
        );
    }

    #[test]
    fn the_page_loses_its_comments_and_preloads_what_the_glue_imports() {
        let template = "<head>\n  <!-- why,\n  at length -->\n  <link rel=\"modulepreload\" href=\"/cozcade_mobile.js\">\n</head>\n";
        let glue = "import { A } from './snippets/a-1/inline0.js';\nimport { B } from \"./snippets/b-2/src/js/b.js\";\nconst x = 1;\n";
        let served = page(template, glue).unwrap();
        assert_eq!(
            served,
            "<head>\n  <link rel=\"modulepreload\" href=\"/cozcade_mobile.js\">\n  \
             <link rel=\"modulepreload\" href=\"/snippets/a-1/inline0.js\">\n  \
             <link rel=\"modulepreload\" href=\"/snippets/b-2/src/js/b.js\">\n</head>\n"
        );
        assert!(
            page("<head></head>", glue).is_err(),
            "a page without the glue's preload"
        );
        assert!(
            page("<!-- open", glue).is_err(),
            "a comment that does not end"
        );
    }
}
