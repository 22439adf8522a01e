//! Every plist, entitlements file, privacy manifest and Android XML file under `ios/` and
//! `android/` is well-formed XML. Xcode and Gradle parse them strictly; the property-list and
//! manifest checks elsewhere use readers that may forgive what those tools refuse.

use cozcade_hosts_check::{check_xml, read_text, xml_host_files};

#[test]
fn every_host_xml_file_is_well_formed() {
    let files = xml_host_files().unwrap_or_else(|e| panic!("{e}"));
    let failures: Vec<String> = files
        .iter()
        .filter_map(|file| {
            read_text(file)
                .and_then(|text| check_xml(file, &text))
                .err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
