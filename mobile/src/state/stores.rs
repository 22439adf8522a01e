//! The app's pages in the two stores, where a phone browser's "Open in the app" points a player
//! whose phone does not have the app.

/// Google Play's page for the app (its package name is the Android manifest's `app.cozcade`).
pub const PLAY_STORE_PAGE: &str = "https://play.google.com/store/apps/details?id=app.cozcade";

/// The App Store's page for the app: `https://apps.apple.com/app/id<id>`, with the numeric id
/// App Store Connect gives the app when it is created (`COZCADE_APP_STORE_ID` when building,
/// the same id as the iOS app's `CozcadeAppStoreID`). Until then there is no page to link to,
/// and a search would show other people's apps: `None`, and no App Store link is shown.
pub fn app_store_page() -> Option<String> {
    app_page(option_env!("COZCADE_APP_STORE_ID"))
}

fn app_page(id: Option<&str>) -> Option<String> {
    let id = id?.trim();
    let numeric = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
    numeric.then(|| format!("https://apps.apple.com/app/id{id}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_store_link_is_the_apps_page_or_none() {
        assert_eq!(
            app_page(Some("6739012345")),
            Some("https://apps.apple.com/app/id6739012345".into())
        );
        for not_an_id in [None, Some(""), Some("  "), Some("id123"), Some("12/../x")] {
            assert_eq!(app_page(not_an_id), None, "{not_an_id:?}");
        }
        assert!(PLAY_STORE_PAGE.starts_with("https://play.google.com/store/apps/details?id="));
    }
}
