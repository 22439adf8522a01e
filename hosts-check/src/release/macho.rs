//! The iOS executable as App Store Connect sees it: a thin arm64 Mach-O executable for the iOS
//! platform, whose `LC_BUILD_VERSION` records the deployment target it was linked for (it must
//! be the app's `MinimumOSVersion`, or the Rust code assumes a newer iOS than the app allows)
//! and the SDK it was linked against (Xcode 26's iOS 26 SDK or newer for uploads), and which
//! imports none of the disk-space functions Apple requires a declared reason for
//! (`statfs` & co.: bundled SQLite references them unless built with
//! `SQLITE_ENABLE_LOCKING_STYLE=0`, and no declared reason would be true).

use super::{Findings, version_at_least};

const MH_MAGIC_64: u32 = 0xfeed_facf;
const MH_EXECUTE: u32 = 2;
const CPU_TYPE_ARM64: u32 = 0x0100_000c;
const LC_SYMTAB: u32 = 0x2;
const LC_VERSION_MIN_IPHONEOS: u32 = 0x25;
const LC_BUILD_VERSION: u32 = 0x32;
const PLATFORM_IOS: u32 = 2;

/// The disk-space functions of Apple's required-reason list, as the linker names them.
pub const DISK_SPACE_SYMBOLS: [&str; 6] = [
    "_statfs",
    "_statfs64",
    "_fstatfs",
    "_fstatfs64",
    "_statvfs",
    "_fstatvfs",
];

/// What the checks need from an executable.
#[derive(Debug, PartialEq, Eq)]
pub struct Executable {
    pub arm64: bool,
    pub is_executable: bool,
    /// The platform number of `LC_BUILD_VERSION` (2 = iOS); `LC_VERSION_MIN_IPHONEOS` gives 2.
    pub platform: Option<u32>,
    /// Deployment target and SDK, as dotted versions.
    pub min_os: Option<String>,
    pub sdk: Option<String>,
    /// The symbols it takes from other libraries.
    pub imports: Vec<String>,
}

/// `xxxx.yy.zz` packed in a u32, as Mach-O stores versions.
pub fn unpack_version(packed: u32) -> String {
    let (major, minor, patch) = (packed >> 16, (packed >> 8) & 0xff, packed & 0xff);
    if patch == 0 {
        format!("{major}.{minor}")
    } else {
        format!("{major}.{minor}.{patch}")
    }
}

pub fn read(bytes: &[u8]) -> Result<Executable, String> {
    let u32_at = |at: usize| -> Result<u32, String> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    match u32_at(0) {
        Ok(MH_MAGIC_64) => {}
        Ok(0xcafe_babe | 0xbeba_feca) => {
            return Err("a universal (fat) binary: the App Store build is thin arm64".into());
        }
        _ => return Err("not a 64-bit Mach-O file".into()),
    }
    let mut executable = Executable {
        arm64: u32_at(4)? == CPU_TYPE_ARM64,
        is_executable: u32_at(12)? == MH_EXECUTE,
        platform: None,
        min_os: None,
        sdk: None,
        imports: Vec::new(),
    };
    let commands = u32_at(16)? as usize;
    let mut at = 32;
    for _ in 0..commands {
        let (command, size) = (u32_at(at)?, u32_at(at + 4)? as usize);
        if size < 8 {
            return Err(format!("load command at byte {at} has size {size}"));
        }
        match command {
            LC_BUILD_VERSION => {
                executable.platform = Some(u32_at(at + 8)?);
                executable.min_os = Some(unpack_version(u32_at(at + 12)?));
                executable.sdk = Some(unpack_version(u32_at(at + 16)?));
            }
            LC_VERSION_MIN_IPHONEOS => {
                executable.platform = Some(PLATFORM_IOS);
                executable.min_os = Some(unpack_version(u32_at(at + 8)?));
                executable.sdk = Some(unpack_version(u32_at(at + 12)?));
            }
            LC_SYMTAB => {
                let (symbols, count) = (u32_at(at + 8)? as usize, u32_at(at + 12)? as usize);
                let (strings, strings_size) =
                    (u32_at(at + 16)? as usize, u32_at(at + 20)? as usize);
                let table = bytes
                    .get(strings..strings + strings_size)
                    .ok_or("the string table is past the end of the file")?;
                for index in 0..count {
                    let entry = symbols + index * 16;
                    let name_at = u32_at(entry)? as usize;
                    let kind = *bytes.get(entry + 4).ok_or("truncated symbol table")?;
                    // External, undefined and not a debugging entry: an import.
                    let stab = kind & 0xe0 != 0;
                    let undefined = kind & 0x0e == 0;
                    if !stab && undefined && kind & 0x01 != 0 {
                        let name = table.get(name_at..).unwrap_or_default();
                        let end = name.iter().position(|b| *b == 0).unwrap_or(name.len());
                        executable
                            .imports
                            .push(String::from_utf8_lossy(&name[..end]).into_owned());
                    }
                }
            }
            _ => {}
        }
        at += size;
    }
    Ok(executable)
}

/// The App Store's view of the app's executable: see the module's summary.
pub fn check_ios_executable(name: &str, bytes: &[u8], min_os: &str, min_sdk: &str) -> Findings {
    let mut findings = Findings::new();
    let executable = match read(bytes) {
        Ok(executable) => executable,
        Err(e) => {
            findings.add(format!("{name}: {e}"));
            return findings;
        }
    };
    findings.require(executable.arm64, || format!("{name}: not built for arm64"));
    findings.require(executable.is_executable, || {
        format!("{name}: not an executable (MH_EXECUTE)")
    });
    findings.require(executable.platform == Some(PLATFORM_IOS), || {
        format!(
            "{name}: built for platform {:?}, not iOS (2): a simulator or macOS build?",
            executable.platform
        )
    });
    match &executable.min_os {
        Some(found) => findings.require(
            version_at_least(found, min_os) && version_at_least(min_os, found),
            || {
                format!(
                    "{name}: linked for iOS {found}, but the app's MinimumOSVersion is {min_os} \
                 (set IPHONEOS_DEPLOYMENT_TARGET={min_os} for the Rust build)"
                )
            },
        ),
        None => findings.add(format!(
            "{name}: no LC_BUILD_VERSION (deployment target unknown)"
        )),
    }
    match &executable.sdk {
        Some(sdk) => findings.require(version_at_least(sdk, min_sdk), || {
            format!("{name}: linked against the iOS {sdk} SDK; uploads need {min_sdk} or newer (Xcode 26)")
        }),
        None => findings.add(format!("{name}: no SDK version recorded")),
    }
    for symbol in &executable.imports {
        findings.require(!DISK_SPACE_SYMBOLS.contains(&symbol.as_str()), || {
            format!(
                "{name} imports {symbol}, a disk-space API Apple requires a declared reason for \
                 (ITMS-91053): build SQLite with LIBSQLITE3_FLAGS=-DSQLITE_ENABLE_LOCKING_STYLE=0"
            )
        });
    }
    findings
}

/// Builds small Mach-O executables for the tests (here and in `ios.rs`).
#[cfg(test)]
pub mod synthetic {
    /// A thin arm64 executable with one `LC_BUILD_VERSION` (platform, minos, sdk as
    /// `(major, minor)`) and an `LC_SYMTAB` importing `imports`.
    pub fn executable(
        platform: u32,
        min_os: (u32, u32),
        sdk: (u32, u32),
        imports: &[&str],
    ) -> Vec<u8> {
        let pack = |(major, minor): (u32, u32)| (major << 16) | (minor << 8);
        let mut strings = vec![0u8];
        let mut symbols = Vec::new();
        for name in imports {
            let at = strings.len() as u32;
            strings.extend_from_slice(name.as_bytes());
            strings.push(0);
            symbols.extend_from_slice(&at.to_le_bytes());
            symbols.push(0x01); // N_UNDF | N_EXT
            symbols.push(0);
            symbols.extend_from_slice(&0u16.to_le_bytes());
            symbols.extend_from_slice(&0u64.to_le_bytes());
        }
        // A defined local symbol, which is not an import.
        let local = strings.len() as u32;
        strings.extend_from_slice(b"_cozcade_local\0");
        symbols.extend_from_slice(&local.to_le_bytes());
        symbols.push(0x0e); // N_SECT
        symbols.push(1);
        symbols.extend_from_slice(&0u16.to_le_bytes());
        symbols.extend_from_slice(&0x1000u64.to_le_bytes());

        let build_version_size = 24u32;
        let symtab_size = 24u32;
        let header_size = 32u32;
        let symbols_at = header_size + build_version_size + symtab_size;
        let strings_at = symbols_at + symbols.len() as u32;
        let mut out = Vec::new();
        for word in [
            super::MH_MAGIC_64,
            super::CPU_TYPE_ARM64,
            0,
            super::MH_EXECUTE,
            2,
            build_version_size + symtab_size,
            0,
            0,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        for word in [
            super::LC_BUILD_VERSION,
            build_version_size,
            platform,
            pack(min_os),
            pack(sdk),
            0,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        let count = (imports.len() + 1) as u32;
        for word in [
            super::LC_SYMTAB,
            symtab_size,
            symbols_at,
            count,
            strings_at,
            strings.len() as u32,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&symbols);
        out.extend_from_slice(&strings);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ios_26_sdk_build_for_ios_16_without_disk_space_apis_passes() {
        let bytes =
            synthetic::executable(2, (16, 0), (26, 5), &["_stat", "_fstat", "_sqlite3_open"]);
        let executable = read(&bytes).expect("Mach-O");
        assert_eq!(executable.min_os.as_deref(), Some("16.0"));
        assert_eq!(executable.sdk.as_deref(), Some("26.5"));
        assert_eq!(executable.imports, ["_stat", "_fstat", "_sqlite3_open"]);
        let findings = check_ios_executable("cozcade-mobile", &bytes, "16.0", "26");
        assert!(findings.is_empty(), "{findings}");
    }

    #[test]
    fn each_wrong_fact_is_named() {
        // The Rust default deployment target, an older SDK, statfs from SQLite's locking styles.
        let bytes = synthetic::executable(2, (10, 0), (18, 4), &["_statfs", "_fstatfs"]);
        let findings = check_ios_executable("app", &bytes, "16.0", "26");
        assert!(findings.mentions("linked for iOS 10.0"), "{findings}");
        assert!(
            findings.mentions("IPHONEOS_DEPLOYMENT_TARGET=16.0"),
            "{findings}"
        );
        assert!(findings.mentions("iOS 18.4 SDK"), "{findings}");
        assert!(findings.mentions("imports _statfs"), "{findings}");
        assert!(findings.mentions("imports _fstatfs"), "{findings}");
        assert_eq!(findings.lines().len(), 4, "{findings}");

        // A simulator build (platform 7).
        let simulator = synthetic::executable(7, (16, 0), (26, 0), &[]);
        assert!(check_ios_executable("app", &simulator, "16.0", "26").mentions("not iOS"));
        // A newer deployment target than the plist says is wrong too.
        let newer = synthetic::executable(2, (17, 0), (26, 0), &[]);
        assert!(check_ios_executable("app", &newer, "16.0", "26").mentions("linked for iOS 17.0"));
    }

    #[test]
    fn what_is_not_a_thin_mach_o_is_refused() {
        assert!(
            check_ios_executable("x", b"\x7fELF....", "16.0", "26").mentions("not a 64-bit Mach-O")
        );
        assert!(
            check_ios_executable("x", &[0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2], "16.0", "26")
                .mentions("fat")
        );
        let mut cut = synthetic::executable(2, (16, 0), (26, 0), &["_stat"]);
        cut.truncate(60);
        assert!(check_ios_executable("x", &cut, "16.0", "26").mentions("truncated"));
        assert_eq!(unpack_version(0x001a_0501), "26.5.1");
    }
}
