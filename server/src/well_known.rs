//! The files that let the phones open invitation links (`/r/<id>`) in the app instead of the
//! browser: Apple's `apple-app-site-association` and Android's `assetlinks.json`, both served
//! under `/.well-known/`. They are built once at start from the configuration, so a request
//! only copies bytes.

use std::{fmt, str::FromStr};

use serde_json::json;

/// What the phones need to open invitation links in the app: served as
/// `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json`. Each file is
/// answered with 404 until its platform is configured.
#[derive(Clone, Debug, clap::Args)]
pub struct AppLinks {
    /// Apple Developer Team ID (10 characters); without it there is no
    /// apple-app-site-association.
    #[arg(long, env = "COZCADE_APPLE_TEAM_ID")]
    pub apple_team_id: Option<TeamId>,
    /// The iOS app's bundle identifier.
    #[arg(long, env = "COZCADE_IOS_BUNDLE_ID", default_value = "app.cozcade", value_parser = bundle_id)]
    pub ios_bundle_id: String,
    /// The Android app's package name.
    #[arg(long, env = "COZCADE_ANDROID_PACKAGE", default_value = "app.cozcade", value_parser = package_name)]
    pub android_package: String,
    /// SHA-256 fingerprint of an Android signing certificate (Play App Signing's, and the
    /// upload or debug key's if those builds should open links too). Repeat the flag or give
    /// a comma-separated list; without any there is no assetlinks.json.
    #[arg(long, env = "COZCADE_ANDROID_CERT_SHA256", value_delimiter = ',')]
    pub android_cert_sha256: Vec<CertFingerprint>,
}

impl Default for AppLinks {
    fn default() -> Self {
        AppLinks {
            apple_team_id: None,
            ios_bundle_id: "app.cozcade".to_owned(),
            android_package: "app.cozcade".to_owned(),
            android_cert_sha256: Vec::new(),
        }
    }
}

/// An Apple Developer Team ID: ten characters, digits and capital letters (e.g. `A1B2C3D4E5`).
/// Checked at start so that a typo fails loudly instead of publishing a file no device matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamId(String);

/// A SHA-256 fingerprint of the Android signing certificate, as Play Console and `keytool`
/// print it: 32 bytes in hexadecimal. Accepted with or without colons and in either case;
/// published in the form Android compares against (`AB:CD:…`, upper case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertFingerprint(String);

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum AppLinkError {
    #[error("an Apple team id is 10 characters, digits and capital letters A-Z")]
    TeamId,
    #[error(
        "an identifier is two or more dot-separated parts of letters and digits (plus '-' in \
         a bundle id, '_' in a package name, whose parts start with a letter), like app.cozcade"
    )]
    Identifier,
    #[error("a SHA-256 certificate fingerprint is 32 bytes in hex, e.g. 14:6D:E9:…")]
    Fingerprint,
}

impl FromStr for TeamId {
    type Err = AppLinkError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.len() == 10
            && s.bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
        {
            Ok(TeamId(s.to_owned()))
        } else {
            Err(AppLinkError::TeamId)
        }
    }
}

impl fmt::Display for TeamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for CertFingerprint {
    type Err = AppLinkError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let hex: String = s.trim().chars().filter(|&c| c != ':').collect();
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(AppLinkError::Fingerprint);
        }
        let pairs: Vec<String> = hex
            .to_ascii_uppercase()
            .as_bytes()
            .chunks(2)
            .map(|pair| String::from_utf8_lossy(pair).into_owned())
            .collect();
        Ok(CertFingerprint(pairs.join(":")))
    }
}

impl fmt::Display for CertFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks an iOS bundle id: dot-separated parts of ASCII letters, digits and `-` (Apple's
/// rule), at least two parts. Refusing anything else keeps nonsense out of `appIDs`.
pub fn bundle_id(s: &str) -> Result<String, AppLinkError> {
    dotted(s, |part| {
        part.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// Checks an Android package name: dot-separated parts, each starting with a letter and made
/// of ASCII letters, digits and `_` (the Play Store's rule), at least two parts.
pub fn package_name(s: &str) -> Result<String, AppLinkError> {
    dotted(s, |part| {
        part.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn dotted(s: &str, part_ok: impl Fn(&str) -> bool) -> Result<String, AppLinkError> {
    let s = s.trim();
    let mut parts = s.split('.');
    let count = parts.clone().count();
    if count >= 2 && parts.all(|part| !part.is_empty() && part_ok(part)) {
        Ok(s.to_owned())
    } else {
        Err(AppLinkError::Identifier)
    }
}

/// The two documents, or `None` where the configuration lacks what the file needs. A file
/// with a placeholder team id or no fingerprint would be worse than none: the platforms cache
/// a verification failure, while a 404 just means "not set up yet".
#[derive(Clone, Debug, Default)]
pub struct WellKnown {
    pub apple_app_site_association: Option<Vec<u8>>,
    pub assetlinks: Option<Vec<u8>>,
}

/// The only paths that open the app: invitations.
pub const INVITATION_PATTERN: &str = "/r/*";

impl WellKnown {
    pub fn new(links: &AppLinks) -> Self {
        let apple_app_site_association = links.apple_team_id.as_ref().map(|team| {
            // The "components" form (iOS 13+). `appIDs` is <team id>.<bundle id>.
            let document = json!({
                "applinks": {
                    "details": [{
                        "appIDs": [format!("{team}.{}", links.ios_bundle_id)],
                        "components": [{
                            "/": INVITATION_PATTERN,
                            "comment": "Invitations to a room open in the app.",
                        }],
                    }],
                },
            });
            document.to_string().into_bytes()
        });
        let assetlinks = (!links.android_cert_sha256.is_empty()).then(|| {
            let fingerprints: Vec<String> = links
                .android_cert_sha256
                .iter()
                .map(ToString::to_string)
                .collect();
            let document = json!([{
                "relation": ["delegate_permission/common.handle_all_urls"],
                "target": {
                    "namespace": "android_app",
                    "package_name": links.android_package,
                    "sha256_cert_fingerprints": fingerprints,
                },
            }]);
            document.to_string().into_bytes()
        });
        WellKnown {
            apple_app_site_association,
            assetlinks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FINGERPRINT: &str = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

    #[test]
    fn team_ids() {
        assert_eq!(
            "A1B2C3D4E5".parse::<TeamId>().map(|t| t.to_string()),
            Ok("A1B2C3D4E5".into())
        );
        for bad in [
            "",
            "A1B2C3D4E",
            "A1B2C3D4E56",
            "a1b2c3d4e5",
            "A1B2C3D4É5",
            "TEAMID.app",
        ] {
            assert_eq!(bad.parse::<TeamId>(), Err(AppLinkError::TeamId), "{bad:?}");
        }
    }

    #[test]
    fn fingerprints_are_normalised() {
        let plain = FINGERPRINT.replace(':', "").to_ascii_lowercase();
        for text in [FINGERPRINT, &plain, &FINGERPRINT.to_ascii_lowercase()] {
            let parsed = text.parse::<CertFingerprint>().map(|f| f.to_string());
            assert_eq!(parsed, Ok(FINGERPRINT.to_owned()), "{text}");
        }
        for bad in [
            "",
            "14:6D",
            &FINGERPRINT.replace("14", "1G"),
            &format!("{FINGERPRINT}:00"),
            "é".repeat(64).as_str(),
        ] {
            assert_eq!(
                bad.parse::<CertFingerprint>(),
                Err(AppLinkError::Fingerprint),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn identifiers() {
        for good in ["app.cozcade", "com.example.my-game", "com.example.1game"] {
            assert_eq!(bundle_id(good), Ok(good.to_owned()));
        }
        for good in ["app.cozcade", "org.example.my_game2"] {
            assert_eq!(package_name(good), Ok(good.to_owned()));
        }
        for bad in [
            "",
            "cozcade",
            ".app",
            "app.",
            "app..cozcade",
            "app.coz cade",
            "app/cozcade",
            "app.my_game",
        ] {
            assert_eq!(bundle_id(bad), Err(AppLinkError::Identifier), "{bad:?}");
        }
        for bad in [
            "",
            "cozcade",
            ".app",
            "app.",
            "app.1cozcade",
            "app.my-game",
            "app.cozcadé",
        ] {
            assert_eq!(package_name(bad), Err(AppLinkError::Identifier), "{bad:?}");
        }
    }

    #[test]
    fn unconfigured_means_no_files() {
        let links = AppLinks::default();
        let files = WellKnown::new(&links);
        assert!(files.apple_app_site_association.is_none());
        assert!(files.assetlinks.is_none());
    }
}
