//! The app's colours (mobile/web/app.css), for drawings that carry their own.

pub const PAPER: &str = "#f6f1e7";
pub const WOOD: &str = "#c99a5b";
pub const WOOD_DARK: &str = "#8a5f2c";
pub const PIT: &str = "#a97a3f";
pub const GOLD: &str = "#d9a400";
pub const TURQUOISE: &str = "#1f9e9a";

pub const LIGHT_SQUARE: &str = "#eadbc0";
pub const DARK_SQUARE: &str = "#7d5a3a";
pub const RED: &str = "#c0392b";
pub const RED_RIM: &str = "#7b1d14";
pub const WHITE: &str = "#f5f1e8";
pub const WHITE_RIM: &str = "#8a8173";
pub const CROWN: &str = "#ffd75e";

pub const SOCKET: &str = "#d9c7a8";
pub const SOCKET_RIM: &str = "#a58d68";
pub const GOAL_JADE: &str = "#bfe0cc";
pub const GOAL_CORAL: &str = "#f6cdbd";
pub const JADE: &str = "#2e8b57";
pub const JADE_RIM: &str = "#145234";
pub const CORAL: &str = "#ff7f50";
pub const CORAL_RIM: &str = "#a8431c";

/// Seeds: a few stone colours, light against the pits' wood.
pub const SEEDS: [&str; 4] = ["#f1e9d8", "#d8c8a8", "#c9d6cc", "#e6c9b5"];
pub const SEED_RIM: &str = "#6f5131";
