//! The screens the app can show. Which one is in view is [`super::Navigation`]'s.

use cozcade_engine::GameKind;

/// The games this build offers. A game whose rules have not landed in the engine is simply not
/// listed.
pub const OFFERED: &[GameKind] = &[
    GameKind::Kalah,
    GameKind::Checkers,
    GameKind::ChineseCheckers,
];

/// The screen in view. All navigation goes through this one enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Games,
    Mode(GameKind),
    Board,
    HowToPlay(GameKind),
    /// A room on the room server: its board once the server has said which game it is.
    Online,
    /// An invitation this device holds no seat for: the friend is greeted before taking one.
    Welcome,
}
