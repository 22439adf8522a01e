//! Text from outside (storage, a link) made fit for a message.

/// Shortens text from storage (or a link) before it goes into a message.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        text.chars().take(MAX).chain(['…']).collect()
    }
}
