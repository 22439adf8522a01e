//! Google Play's 16 KB page rule for native libraries: every loadable segment of every `.so` in
//! the bundle must be aligned to at least 16 KB, or the library cannot be loaded on a device
//! whose pages are 16 KB (Android 15+), and Play refuses the upload. What `llvm-readelf -l`
//! prints as each `LOAD` header's `Align`, read here from the ELF program headers directly so
//! the check needs no NDK.

use std::path::{Path, PathBuf};

use super::Findings;

/// The smallest alignment Play accepts.
pub const PAGE: u64 = 16 * 1024;

const PT_LOAD: u32 = 1;

/// One ELF file's machine and the alignment of each of its loadable segments.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    pub machine: &'static str,
    pub load_alignments: Vec<u64>,
}

/// Reads the program headers of an ELF file (32- or 64-bit, little-endian: every Android ABI).
pub fn layout(bytes: &[u8]) -> Result<Layout, String> {
    if bytes.len() < 52 || &bytes[..4] != b"\x7fELF" {
        return Err("not an ELF file".into());
    }
    if bytes[5] != 1 {
        return Err("not a little-endian ELF file".into());
    }
    let u16_at = |at: usize| -> Result<u16, String> {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    let u32_at = |at: usize| -> Result<u32, String> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    let u64_at = |at: usize| -> Result<u64, String> {
        bytes
            .get(at..at + 8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    let machine = match u16_at(0x12)? {
        183 => "aarch64",
        62 => "x86_64",
        40 => "arm",
        3 => "x86",
        _ => "other",
    };
    // (offset of the program headers, size of one, how many, where p_align is in one)
    let (phoff, phentsize, phnum, align_at, is64) = match bytes[4] {
        2 => (
            usize::try_from(u64_at(0x20)?).map_err(|e| e.to_string())?,
            usize::from(u16_at(0x36)?),
            usize::from(u16_at(0x38)?),
            0x30,
            true,
        ),
        1 => (
            u32_at(0x1c)? as usize,
            usize::from(u16_at(0x2a)?),
            usize::from(u16_at(0x2c)?),
            0x1c,
            false,
        ),
        class => return Err(format!("unknown ELF class {class}")),
    };
    let mut load_alignments = Vec::new();
    for index in 0..phnum {
        let header = phoff + index * phentsize;
        if u32_at(header)? == PT_LOAD {
            let align = if is64 {
                u64_at(header + align_at)?
            } else {
                u64::from(u32_at(header + align_at)?)
            };
            load_alignments.push(align);
        }
    }
    if load_alignments.is_empty() {
        return Err("no loadable segment".into());
    }
    Ok(Layout {
        machine,
        load_alignments,
    })
}

/// The problems of one library: each loadable segment aligned below 16 KB.
pub fn check_library(name: &str, bytes: &[u8]) -> Findings {
    let mut findings = Findings::new();
    match layout(bytes) {
        Err(e) => findings.add(format!("{name}: {e}")),
        Ok(layout) => {
            let short: Vec<u64> = layout
                .load_alignments
                .iter()
                .copied()
                .filter(|align| *align < PAGE || !align.is_power_of_two())
                .collect();
            if let Some(smallest) = short.iter().min() {
                findings.add(format!(
                    "{name} ({}): {} of its {} LOAD segments aligned to {smallest} bytes; Play needs \
                     {PAGE} (link with -z max-page-size=16384, or use a build of the library made so)",
                    layout.machine,
                    short.len(),
                    layout.load_alignments.len()
                ));
            }
        }
    }
    findings
}

/// Every `.so` under each path (a file or a folder searched through), checked; `required` names
/// files that must be among them (so an empty or misplaced folder cannot pass).
pub fn check_paths(paths: &[PathBuf], required: &[String]) -> Findings {
    let mut findings = Findings::new();
    let mut libraries = Vec::new();
    for path in paths {
        if let Err(e) = collect(path, &mut libraries) {
            findings.add(e);
        }
    }
    findings.require(!libraries.is_empty(), || {
        format!("no .so files under {paths:?}: nothing was checked")
    });
    for name in required {
        findings.require(
            libraries
                .iter()
                .any(|l| l.file_name().is_some_and(|f| f == name.as_str())),
            || format!("{name} is not among the native libraries found under {paths:?}"),
        );
    }
    for library in &libraries {
        match std::fs::read(library) {
            Ok(bytes) => findings.extend(check_library(&library.display().to_string(), &bytes)),
            Err(e) => findings.add(format!("{}: {e}", library.display())),
        }
    }
    findings
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if metadata.is_file() {
        out.push(path.to_owned());
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "so") {
            out.push(entry);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::*;

    /// Links a tiny shared library for aarch64 with Debian's cross compiler (installed by
    /// `cargo xtask test`), with the linker flags given.
    fn aarch64_library(dir: &Path, name: &str, link_flags: &[&str]) -> PathBuf {
        let source = dir.join("lib.c");
        std::fs::write(
            &source,
            "int cozcade_answer(void) { return 42; }\nint table[4096];\n",
        )
        .expect("write the source");
        let out = dir.join(name);
        let result = Command::new("aarch64-linux-gnu-gcc")
            .args(["-shared", "-fPIC", "-nostdlib", "-O1", "-o"])
            .arg(&out)
            .arg(&source)
            .args(link_flags)
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run aarch64-linux-gnu-gcc ({e}): install it \
                     (Debian: `apt-get install -y gcc-aarch64-linux-gnu`; `cargo xtask test` does)"
                )
            });
        assert!(
            result.status.success(),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        out
    }

    #[test]
    fn a_library_linked_for_16_kb_pages_passes_and_one_for_4_kb_fails() {
        let dir = tempfile::tempdir().expect("temp dir");
        let aligned = aarch64_library(dir.path(), "libsixteen.so", &["-Wl,-z,max-page-size=16384"]);
        let bytes = std::fs::read(&aligned).expect("read");
        let layout = layout(&bytes).expect("ELF");
        assert_eq!(layout.machine, "aarch64");
        assert!(
            layout.load_alignments.iter().all(|a| *a == 16384),
            "{layout:?}"
        );
        assert!(check_library("libsixteen.so", &bytes).is_empty());

        // 4 KB pages: what the NDK's linker did by default before r28.
        let small = aarch64_library(dir.path(), "libfour.so", &["-Wl,-z,max-page-size=4096"]);
        let findings = check_library("libfour.so", &std::fs::read(&small).expect("read"));
        assert!(
            findings.mentions("LOAD segments aligned to 4096 bytes"),
            "{findings}"
        );
        assert!(findings.mentions("libfour.so (aarch64)"), "{findings}");
    }

    #[test]
    fn without_the_flag_the_result_depends_on_the_linkers_default() {
        // GNU ld for aarch64 defaults to 64 KB pages, which Play accepts; the NDK's lld before
        // r28 defaulted to 4 KB, which is why the release build passes the flag explicitly.
        let dir = tempfile::tempdir().expect("temp dir");
        let default = aarch64_library(dir.path(), "libdefault.so", &[]);
        let layout = layout(&std::fs::read(&default).expect("read")).expect("ELF");
        assert!(
            layout.load_alignments.iter().all(|a| *a >= PAGE),
            "{layout:?}"
        );
    }

    #[test]
    fn a_folder_is_searched_and_must_hold_the_named_libraries() {
        let dir = tempfile::tempdir().expect("temp dir");
        let abi = dir.path().join("base/lib/arm64-v8a");
        std::fs::create_dir_all(&abi).expect("mkdir");
        aarch64_library(&abi, "libmain.so", &["-Wl,-z,max-page-size=16384"]);
        aarch64_library(&abi, "libjnidispatch.so", &["-Wl,-z,max-page-size=4096"]);
        std::fs::write(abi.join("lib.c"), "").expect("write");
        let root = vec![dir.path().join("base")];
        let findings = check_paths(&root, &["libmain.so".into(), "libjnidispatch.so".into()]);
        assert_eq!(findings.lines().len(), 1, "{findings}");
        assert!(
            findings.mentions("libjnidispatch.so (aarch64)"),
            "{findings}"
        );

        let missing = check_paths(&root, &["libother.so".into()]);
        assert!(missing.mentions("libother.so is not among"), "{missing}");

        let empty = tempfile::tempdir().expect("temp dir");
        let nothing = check_paths(&[empty.path().to_owned()], &[]);
        assert!(nothing.mentions("nothing was checked"), "{nothing}");
    }

    #[test]
    fn what_is_not_an_elf_library_is_a_finding() {
        assert!(
            check_library(
                "fake.so",
                b"not an elf file at all, just text.............................."
            )
            .mentions("not an ELF file")
        );
        let mut truncated = b"\x7fELF\x02\x01\x01".to_vec();
        truncated.resize(64, 0);
        truncated[0x20] = 0xff; // program headers far past the end
        truncated[0x38] = 1;
        assert!(check_library("short.so", &truncated).mentions("truncated"));
    }
}
