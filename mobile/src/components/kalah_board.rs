//! The Kalah board in SVG. Portrait: gold's pits run down the left column into gold's store at
//! the bottom, turquoise's up the right column into its store at the top. Landscape: gold's run
//! right along the bottom row to its store on the right, turquoise's left along the top.

use cozcade_engine::{
    Game, GameKind, Kalah, Place, Side,
    kalah::{Move, PITS, Pit},
};
use std::rc::Rc;

use dioxus::prelude::*;

use super::{board_keys::CursorKeys, piece_shading::PieceShading};
use crate::{
    i18n::{Arg, Texts},
    shell::use_settings,
    state::{
        Cell,
        animation::Animation,
        cell_of,
        sowing::{self, KalahCounts},
    },
};

/// Where a pit's centre sits in the board's own units.
fn pit_centre(side: Side, pit: usize, landscape: bool) -> (u32, u32) {
    let pit = pit as u32;
    match (landscape, side) {
        (false, Side::First) => (60, 90 + 60 * pit),
        (false, Side::Second) => (180, 90 + 60 * (5 - pit)),
        (true, Side::First) => (90 + 60 * pit, 180),
        (true, Side::Second) => (90 + 60 * (5 - pit), 60),
    }
}

/// A store's rectangle: x, y, width, height.
fn store_rect(side: Side, landscape: bool) -> (u32, u32, u32, u32) {
    match (landscape, side) {
        (false, Side::First) => (10, 425, 220, 50),
        (false, Side::Second) => (10, 5, 220, 50),
        (true, Side::First) => (425, 10, 50, 220),
        (true, Side::Second) => (5, 10, 50, 220),
    }
}

/// Where a pit's count and letter sit, beside it: the count on the tray's outer edge, the
/// letter towards the middle (the pebbles fill the pit).
fn pit_labels_at(side: Side, (cx, cy): (u32, u32), landscape: bool) -> ((u32, u32), (u32, u32)) {
    match (landscape, side) {
        (false, Side::First) => ((17, cy), (103, cy)),
        (false, Side::Second) => ((223, cy), (137, cy)),
        (true, Side::First) => ((cx, 222), (cx, 142)),
        (true, Side::Second) => ((cx, 18), (cx, 98)),
    }
}

/// Where a pit's pebbles lie around its centre: the middle, then a ring of 6 and one of 12,
/// each a little off its ring so that they lie like seeds, not a grid. A pit with more seeds
/// shows 19 (its count beside says how many).
const PIT_PEBBLES: [(i32, i32); 19] = [
    (-1, 0),
    (10, 2),
    (3, 10),
    (-8, 7),
    (-10, -2),
    (-3, -10),
    (8, -7),
    (18, 10),
    (11, 18),
    (1, 20),
    (-10, 18),
    (-17, 12),
    (-21, 1),
    (-19, -9),
    (-11, -18),
    (-1, -21),
    (9, -18),
    (18, -11),
    (20, -1),
];

/// A pebble: its centre and its tone (1..=3).
type Pebble = (i32, i32, u8);

fn pit_pebble(i: usize, (cx, cy): (u32, u32)) -> Option<Pebble> {
    let (dx, dy) = PIT_PEBBLES.get(i)?;
    Some((cx as i32 + dx, cy as i32 + dy, (i * 7 % 3) as u8 + 1))
}

/// A store's pebbles in staggered rows of 4 beside its count, which keeps the store's end:
/// 12 rows hold all 48 seeds of a game.
fn store_pebble(i: usize, (x, y, w, h): (u32, u32, u32, u32)) -> Pebble {
    let (along, across) = ((i / 4) as i32, (i % 4) as i32);
    let (a, b) = (52 + along * 10 + (across % 2) * 5, 10 + across * 10);
    let (x, y) = (x as i32, y as i32);
    let (px, py) = if w > h {
        (x + a, y + b)
    } else {
        (x + b, y + a)
    };
    (px, py, (i * 5 % 3) as u8 + 1)
}

/// Where a store's count sits: at its end, clear of its pebbles.
fn store_count_at((x, y, w, h): (u32, u32, u32, u32)) -> (u32, u32) {
    if w > h {
        (x + 25, y + h / 2)
    } else {
        (x + w / 2, y + 25)
    }
}

/// The cell of `side`'s pit number `pit` (0..6), as every board numbers it.
fn pit_cell(side: Side, pit: usize) -> Cell {
    Pit::new(pit).map_or(0, |pit| cell_of(Place::Pit(side, pit)))
}

fn pit_label(texts: &Texts, side_name: &str, pit: usize, seeds: u8) -> String {
    let letter = ((b'a' + pit as u8) as char).to_string();
    texts.with(
        "kalah-pit",
        vec![
            ("side", side_name.into()),
            ("pit", letter.into()),
            ("seeds", Arg::from(seeds)),
        ],
    )
}

/// `highlights`: the pits to tap; `movable`: the pits that can be played (for Home); `hint`:
/// the pit of the hint on show;
/// `animation`: the move being shown seed by seed from `position` (the one before it), if any;
/// `last`: the move to mark (the pit sown and where its last seed went) and the position it
/// was played from. `turned`: online from the second seat the board turns half a round, the
/// player's own pits nearest them.
#[component]
pub fn KalahBoard(
    position: Kalah,
    turned: bool,
    landscape: bool,
    highlights: Vec<Cell>,
    movable: Vec<Cell>,
    hint: Vec<Cell>,
    animation: Option<Animation>,
    last: Option<(Kalah, Move)>,
    on_tap: EventHandler<Cell>,
    on_cancel: EventHandler<()>,
) -> Element {
    let settings = use_settings();
    let mut cursor = use_signal(|| None::<Cell>);
    let texts = settings.texts.read();
    let drawn_at = |side: Side| if turned { side.other() } else { side };
    let kind = GameKind::Kalah;

    // While a move is being sown, show the counts seed by seed.
    let (counts, landing) = animation
        .as_ref()
        .and_then(Animation::kalah_frame)
        .unwrap_or_else(|| (KalahCounts::of(&position), None));
    let animating = animation.is_some();
    // The last move: the pit it was sown from, and where its last seed went.
    let (last_from, last_to) = match &last {
        Some((before, mv)) => (
            Some((before.turn(), Some(mv.0))),
            sowing::landing(before, *mv, sowing::frames(before, *mv)),
        ),
        None => (None, None),
    };
    let mover = position.turn();
    // The keyboard cursor walks over the pits of the side to move.
    let row: Vec<Cell> = (0..PITS).map(|p| pit_cell(mover, p)).collect();
    let cursor_cell = cursor.read().filter(|c| row.contains(c));
    let side_name = |side: Side| texts.get(&format!("side-{}", kind.side_name(side)));
    let view_box = if landscape {
        "0 0 480 240"
    } else {
        "0 0 240 480"
    };

    // The cursor walks round the row of the side to move (and only there).
    let keyed = use_signal(|| false);
    let keys = Rc::new(CursorKeys {
        cursor,
        keyed,
        valid: {
            let row = row.clone();
            move |cell: Cell| row.contains(&cell)
        },
        arrow: {
            let row = row.clone();
            move |current: Option<Cell>, arrow: &Key| {
                let delta: isize = match arrow {
                    Key::ArrowDown | Key::ArrowRight => 1,
                    _ => -1,
                };
                let index = current.and_then(|c| row.iter().position(|&r| r == c));
                let from = index.map_or(if delta > 0 { -1 } else { row.len() as isize }, |i| {
                    i as isize
                });
                let to = (from + delta).rem_euclid(row.len().max(1) as isize) as usize;
                row.get(to).copied()
            }
        },
        next_movable: {
            let row = row.clone();
            let movable = movable.clone();
            move |current: Option<Cell>| {
                // The next pit after the cursor that can be played.
                let index = current.and_then(|c| row.iter().position(|&r| r == c));
                let start = index.map_or(0, |i| i + 1);
                (0..row.len())
                    .map(|k| row[(start + k) % row.len()])
                    .find(|c| movable.contains(c))
            }
        },
        on_tap,
        on_cancel,
        // Enter with no pit chosen still skips a sowing (and nothing else).
        choose_nothing_cancels: animating,
    });

    let mut pits = Vec::new();
    for side in Side::BOTH {
        for pit in 0..PITS {
            let cell = pit_cell(side, pit);
            let seeds = counts.pits[side.index()][pit];
            let (cx, cy) = pit_centre(drawn_at(side), pit, landscape);
            let (count_at, letter_at) = pit_labels_at(drawn_at(side), (cx, cy), landscape);
            let pebbles: Vec<Pebble> = (0..usize::from(seeds))
                .map_while(|i| pit_pebble(i, (cx, cy)))
                .collect();
            let playable = highlights.contains(&cell);
            let here = Some((side, Pit::new(pit)));
            let class = format!(
                "pit {} {}{}{}{}{}{}",
                kind_class(side),
                if playable { "playable" } else { "idle" },
                if hint.contains(&cell) { " hint" } else { "" },
                if cursor_cell == Some(cell) {
                    " cursor"
                } else {
                    ""
                },
                if landing == here { " landed" } else { "" },
                if last_from == here { " last-from" } else { "" },
                if last_to == here { " last-to" } else { "" },
            );
            pits.push((
                cell,
                (cx, cy),
                (seeds, count_at, letter_at, pebbles),
                class,
                playable,
                pit_label(&texts, &side_name(side), pit, seeds),
                pit,
            ));
        }
    }
    let stores: Vec<_> = Side::BOTH
        .into_iter()
        .map(|side| {
            let seeds = counts.stores[side.index()];
            let label = texts.with(
                "kalah-store",
                vec![
                    ("side", side_name(side).into()),
                    ("seeds", Arg::from(seeds)),
                ],
            );
            let class = format!(
                "store {}{}{}",
                kind_class(side),
                if landing == Some((side, None)) {
                    " landed"
                } else {
                    ""
                },
                if last_to == Some((side, None)) {
                    " last-to"
                } else {
                    ""
                },
            );
            let rect = store_rect(drawn_at(side), landscape);
            let pebbles: Vec<Pebble> = (0..usize::from(seeds))
                .map(|i| store_pebble(i, rect))
                .collect();
            (
                side,
                rect,
                (seeds, store_count_at(rect), pebbles),
                label,
                class,
            )
        })
        .collect();

    rsx! {
        div {
            class: if *keyed.read() { "board kalah keys" } else { "board kalah" },
            tabindex: "0",
            role: "group",
            aria_label: texts.get("kalah-board"),
            aria_activedescendant: cursor_cell.map(|c| format!("cell-{c}")).unwrap_or_default(),
            "data-turn": kind.side_name(mover),
            onkeydown: {
                let keys = keys.clone();
                move |event: KeyboardEvent| keys.press(&event)
            },
            onpointerdown: {
                let keys = keys.clone();
                move |_| keys.pointer()
            },
            onfocus: move |_| keys.focus(),
            svg {
                view_box,
                class: if landscape { "kalah-svg landscape" } else { "kalah-svg portrait" },
                "aria-hidden": "false",
                PieceShading {}
                rect { class: "tray", x: "1", y: "1", width: if landscape { "478" } else { "238" }, height: if landscape { "238" } else { "478" }, rx: "24" }
                for (side, (x, y, w, h), (seeds, (tx, ty), pebbles), label, class) in stores {
                    g { key: "store-{side.index()}", class: "{class}", role: "img", "aria-label": "{label}",
                        "data-store": kind_class(side),
                        rect { x: "{x}", y: "{y}", width: "{w}", height: "{h}", rx: "22" }
                        Pebbles { pebbles, r: "4.2" }
                        text { x: "{tx}", y: "{ty}", class: "count store-count", "{seeds}" }
                    }
                }
                for (cell, (cx, cy), (seeds, (tx, ty), (lx, ly), pebbles), class, playable, label, pit) in pits {
                    g {
                        key: "{cell}",
                        id: "cell-{cell}",
                        class: "{class}",
                        role: "button",
                        "aria-label": "{label}",
                        "aria-disabled": if playable { "false" } else { "true" },
                        "data-cell": "{cell}",
                        onclick: move |_| {
                            cursor.set(Some(cell));
                            on_tap.call(cell);
                        },
                        circle { cx: "{cx}", cy: "{cy}", r: "27" }
                        Pebbles { pebbles, r: "5" }
                        text { x: "{tx}", y: "{ty}", class: "count", "{seeds}" }
                        text { x: "{lx}", y: "{ly}", class: "pit-letter", {((b'a' + pit as u8) as char).to_string()} }
                    }
                }
            }
        }
    }
}

/// Seeds as pebbles of radius `r`, each with a shine over it.
#[component]
fn Pebbles(pebbles: Vec<Pebble>, r: &'static str) -> Element {
    rsx! {
        for (i, (x, y, tone)) in pebbles.into_iter().enumerate() {
            g { key: "{i}",
                circle { class: "pebble p{tone}", cx: "{x}", cy: "{y}", r }
                circle { class: "shine", cx: "{x}", cy: "{y}", r }
            }
        }
    }
}

fn kind_class(side: Side) -> &'static str {
    match side {
        Side::First => "gold",
        Side::Second => "turquoise",
    }
}
