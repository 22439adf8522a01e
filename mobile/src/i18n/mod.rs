//! The app's texts in English, Dutch, Swedish and Russian (Fluent), chosen from the device
//! locale and switchable. A message missing from a translation falls back to English.

use std::fmt;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod sources;
pub use sources::load;

/// An interface language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    English,
    Dutch,
    Swedish,
    Russian,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Dutch,
        Language::Swedish,
        Language::Russian,
    ];

    /// The BCP 47 tag, as stored in settings and set on `<html lang>`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Dutch => "nl",
            Language::Swedish => "sv",
            Language::Russian => "ru",
        }
    }

    /// The language's own name, for the picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Dutch => "Nederlands",
            Language::Swedish => "Svenska",
            Language::Russian => "Русский",
        }
    }

    /// The language of a locale tag like `nl-BE`, `sv_SE.UTF-8` or `ru`; `None` if unsupported.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()?
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.tag() == primary)
    }

    /// The first supported language among the device's preferred locales, else English.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Language {
        preferred
            .into_iter()
            .find_map(Language::from_locale)
            .unwrap_or(Language::English)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A value for a placeable in a message.
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_owned())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u32, usize, i32, i64);

/// The texts of one language.
pub struct Texts {
    language: Language,
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
}

fn bundle(language: Language, source: String) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = language.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![id]);
    // No Unicode isolation marks around placeables: the texts are plain UI labels, and the
    // marks would end up in screen-reader labels and tests.
    bundle.set_use_isolating(false);
    // The .ftl files are compiled in and checked by the tests below; a syntax error would only
    // drop the broken entries (the rest of the resource still loads).
    let resource = match FluentResource::try_new(source) {
        Ok(resource) => resource,
        Err((resource, _errors)) => resource,
    };
    // Duplicate ids are refused by the tests; ignore them here rather than lose the bundle.
    let _ = bundle.add_resource(resource);
    bundle
}

impl Texts {
    /// The texts of `language`, or English's while that language is not at hand (in the
    /// browser, until its file has come: see [`load`]).
    pub fn new(language: Language) -> Self {
        let (language, text) = match sources::text(language) {
            Some(text) => (language, text),
            None => (Language::English, sources::ENGLISH.to_owned()),
        };
        let english = (language != Language::English)
            .then(|| bundle(Language::English, sources::ENGLISH.to_owned()));
        Texts {
            language,
            bundle: bundle(language, text),
            english,
        }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// The message `id`, without arguments.
    pub fn get(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with named arguments.
    pub fn with(&self, id: &str, args: Vec<(&'static str, Arg)>) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                Arg::Text(text) => FluentValue::from(text),
                Arg::Number(n) => FluentValue::from(n),
            };
            fluent_args.set(name, value);
        }
        self.format(id, Some(&fluent_args))
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        for bundle in std::iter::once(&self.bundle).chain(self.english.as_ref()) {
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned();
            }
        }
        // A missing id shows itself rather than an empty label.
        id.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Language {
        /// The compiled-in text (the tests run natively, where every language has one).
        fn source(self) -> &'static str {
            sources::compiled_in(self).expect("compiled in natively")
        }
    }

    fn ids(source: &str) -> Vec<&str> {
        source
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id))
            .collect()
    }

    #[test]
    fn every_file_parses_and_has_every_english_message() {
        let english = ids(Language::English.source());
        assert!(english.len() > 50);
        for language in Language::ALL {
            if let Err((_, errors)) = FluentResource::try_new(language.source().to_owned()) {
                panic!("{language}.ftl: {errors:?}");
            }
            let mut bundle = FluentBundle::new(vec![language.tag().parse().expect("valid tag")]);
            let resource = FluentResource::try_new(language.source().to_owned()).expect("parses");
            bundle.add_resource(resource).expect("no duplicate ids");
            for id in &english {
                assert!(bundle.has_message(id), "{language}.ftl lacks {id}");
            }
            assert_eq!(
                ids(language.source()).len(),
                english.len(),
                "{language}.ftl has extra ids"
            );
        }
    }

    #[test]
    fn plurals_and_arguments_follow_the_language() {
        let seeds = |language, n: u8| {
            Texts::new(language).with(
                "kalah-pit",
                vec![
                    ("side", "X".into()),
                    ("pit", "a".into()),
                    ("seeds", n.into()),
                ],
            )
        };
        assert_eq!(seeds(Language::English, 1), "X pit a: 1 seed");
        assert_eq!(seeds(Language::English, 4), "X pit a: 4 seeds");
        assert_eq!(seeds(Language::Dutch, 4), "X kuiltje a: 4 zaadjes");
        assert_eq!(seeds(Language::Russian, 1), "X, лунка a: 1 камень");
        assert_eq!(seeds(Language::Russian, 3), "X, лунка a: 3 камня");
        assert_eq!(seeds(Language::Russian, 5), "X, лунка a: 5 камней");
        assert_eq!(seeds(Language::Russian, 21), "X, лунка a: 21 камень");
    }

    #[test]
    fn the_buttons_of_one_screen_never_share_a_word() {
        // What can be on screen together: the board (with its dialogs and sheets), and the
        // mode screen (with its New game question).
        let screens: [&[&str]; 2] = [
            &[
                "action-back",
                "action-undo",
                "action-cancel",
                "action-new-game",
                "action-pause",
                "action-resume",
                "action-retry",
                "action-skip",
                "action-pass",
                "action-how-to-play",
                "action-play-again",
                "action-switch-same-device",
                "confirm-yes",
                "confirm-no",
                "finish-see-board",
                "hand-over-ready",
                "online-new-round",
                "online-accept",
                "online-leave",
                "online-leave-yes",
                "online-stay",
            ],
            &[
                "action-back",
                "action-continue",
                "action-new-game",
                "action-how-to-play",
                "action-play-with-friend",
                "confirm-yes",
                "confirm-no",
            ],
        ];
        for language in Language::ALL {
            let texts = Texts::new(language);
            for ids in screens {
                let mut seen = std::collections::HashMap::new();
                for id in ids {
                    let text = texts.get(id).to_lowercase();
                    if let Some(other) = seen.insert(text.clone(), id) {
                        panic!("{language}: {other} and {id} both say {text:?}");
                    }
                }
            }
            // Back, Undo and Cancel do not even share a word ("Terug" and "Zet terug").
            let words = |id: &str| -> Vec<String> {
                texts
                    .get(id)
                    .to_lowercase()
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect()
            };
            let trio = ["action-back", "action-undo", "action-cancel"];
            for (i, a) in trio.iter().enumerate() {
                for b in &trio[i + 1..] {
                    let shared: Vec<String> = words(a)
                        .into_iter()
                        .filter(|w| words(b).contains(w))
                        .collect();
                    assert!(
                        shared.is_empty(),
                        "{language}: {a} and {b} share {shared:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_id() {
        let texts = Texts::new(Language::Swedish);
        assert_eq!(texts.get("action-undo"), "Ångra");
        assert_eq!(texts.get("no-such-message"), "no-such-message");
    }

    #[test]
    fn the_device_locale_picks_the_language() {
        assert_eq!(Language::negotiate(["nl-BE", "en"]), Language::Dutch);
        assert_eq!(
            Language::negotiate(["de-DE", "sv_SE.UTF-8"]),
            Language::Swedish
        );
        assert_eq!(Language::negotiate(["RU"]), Language::Russian);
        assert_eq!(Language::negotiate(["fr", "", "-"]), Language::English);
        assert_eq!(Language::negotiate([]), Language::English);
    }
}
