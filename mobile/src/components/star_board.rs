//! The Chinese Checkers star in SVG, jade's start at the bottom. Choose a marble, then a lit
//! endpoint: the whole hop route is one move, and the last move's route is drawn.

use cozcade_engine::{
    AnyRecord, Side,
    chinese_checkers::{ChineseCheckers, Hole},
};
use dioxus::prelude::*;

use super::app::{AppContext, use_app};
use crate::{
    i18n::Arg,
    state::{Action, Cell},
};

/// A hole's centre in the star's own units: 22 per half-hole across, 38 per row down.
fn centre(hole: Hole) -> (i32, i32) {
    (
        300 + i32::from(hole.x()) * 22,
        32 + i32::from(hole.row()) * 38,
    )
}

/// The hole the cursor reaches from `cell` with an arrow key: along the row, or to one of the
/// two neighbours in the row above or below.
fn neighbour(cell: Cell, key: &Key) -> Option<Cell> {
    let hole = Hole::new(cell)?;
    let (row, x) = (hole.row(), hole.x());
    let up = row.checked_sub(1);
    let down = row.checked_add(1);
    let candidates: [(Option<u8>, i8); 2] = match key {
        Key::ArrowLeft => [(Some(row), x - 2), (Some(row), x - 4)],
        Key::ArrowRight => [(Some(row), x + 2), (Some(row), x + 4)],
        Key::ArrowUp => [(up, x - 1), (up, x + 1)],
        Key::ArrowDown => [(down, x + 1), (down, x - 1)],
        _ => return None,
    };
    candidates
        .into_iter()
        .find_map(|(r, x)| r.and_then(|r| Hole::at(r, x)))
        .map(Hole::number)
}

#[component]
pub fn StarBoard() -> Element {
    let app = use_app();
    let mut cursor = use_signal(|| None::<Cell>);
    let texts = app.texts.read();
    let session = app.session.read();
    let Some(session) = session.as_ref() else {
        return rsx! {};
    };
    let AnyRecord::ChineseCheckers(record) = session.record() else {
        return rsx! {};
    };
    let position: &ChineseCheckers = record.position();
    let highlights = session.highlights();
    let route: Vec<Cell> = session.route().to_vec();
    let kind = session.kind();
    let side_name = |side: Side| texts.get(&format!("side-{}", kind.side_name(side)));
    let cursor_cell = *cursor.read();
    let last_route: Vec<Hole> = record
        .last_move()
        .and_then(|mv| mv.route())
        .map(|r| r.holes().to_vec())
        .unwrap_or_default();
    let last_points = last_route
        .iter()
        .map(|&h| {
            let (x, y) = centre(h);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ");

    let mut holes = Vec::new();
    for hole in Hole::all() {
        let n = hole.number();
        let marble = position.marble_at(hole);
        let label = match marble {
            None => texts.with("cc-empty", vec![("hole", Arg::from(n))]),
            Some(side) => texts.with(
                "cc-marble",
                vec![("hole", Arg::from(n)), ("side", side_name(side).into())],
            ),
        };
        let mut class = String::from("hole");
        if hole.is_goal_of(Side::First) {
            class.push_str(" goal-jade");
        } else if hole.is_goal_of(Side::Second) {
            class.push_str(" goal-coral");
        }
        if highlights.contains(&n) {
            class.push_str(" playable");
        }
        if route.contains(&n) {
            class.push_str(" selected");
        }
        if cursor_cell == Some(n) {
            class.push_str(" cursor");
        }
        if last_route.first() == Some(&hole) || last_route.last() == Some(&hole) {
            class.push_str(" last");
        }
        let (x, y) = centre(hole);
        holes.push((n, x, y, marble, label, class));
    }

    let onkeydown = move |event: KeyboardEvent| {
        let key = event.key();
        let current = *cursor.peek();
        let handled = match key {
            Key::ArrowUp | Key::ArrowDown | Key::ArrowLeft | Key::ArrowRight => {
                let start = current.or_else(|| next_movable(app, None)).unwrap_or(1);
                cursor.set(Some(neighbour(start, &key).unwrap_or(start)));
                true
            }
            Key::Home => {
                if let Some(next) = next_movable(app, current) {
                    cursor.set(Some(next));
                }
                true
            }
            Key::Enter => {
                tap(app, current);
                true
            }
            Key::Character(ref c) if c == " " => {
                tap(app, current);
                true
            }
            Key::Escape => {
                app.dispatch(Action::Cancel);
                true
            }
            _ => false,
        };
        if handled {
            event.prevent_default();
        }
    };

    rsx! {
        div {
            class: "board star",
            tabindex: "0",
            role: "group",
            aria_label: texts.get("cc-board"),
            aria_activedescendant: cursor_cell.map(|c| format!("cell-{c}")).unwrap_or_default(),
            "data-turn": kind.side_name(record.turn()),
            onkeydown,
            onfocus: move |_| {
                if cursor.peek().is_none() {
                    cursor.set(next_movable(app, None));
                }
            },
            svg { view_box: "0 0 600 672", class: "star-svg",
                if last_route.len() > 1 {
                    polyline { class: "route", points: "{last_points}" }
                }
                for (n, x, y, marble, label, class) in holes {
                    g {
                        key: "{n}",
                        id: "cell-{n}",
                        class: "{class}",
                        role: "button",
                        "aria-label": "{label}",
                        "aria-pressed": if route.first() == Some(&n) { "true" } else { "false" },
                        "data-cell": "{n}",
                        onclick: move |_| {
                            cursor.set(Some(n));
                            tap(app, Some(n));
                        },
                        // The tap target is the whole cell around the hole, not just the marble.
                        rect { class: "hit", x: "{x - 22}", y: "{y - 19}", width: "44", height: "38" }
                        circle { class: "socket", cx: "{x}", cy: "{y}", r: "15" }
                        if let Some(side) = marble {
                            circle { class: "marble {side_class(side)}", cx: "{x}", cy: "{y}", r: "13" }
                            // Colour is never the only cue: coral marbles carry a ring.
                            if side == Side::Second {
                                circle { class: "marble-mark", cx: "{x}", cy: "{y}", r: "6" }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn side_class(side: Side) -> &'static str {
    match side {
        Side::First => "jade",
        Side::Second => "coral",
    }
}

/// The Home key: the engine's next movable marble after the cursor (only on a human's turn).
fn next_movable(app: AppContext, after: Option<Cell>) -> Option<Cell> {
    let session = app.session.peek();
    let session = session.as_ref()?;
    if !session.human_to_move() {
        return None;
    }
    match session.record() {
        AnyRecord::ChineseCheckers(record) => record
            .position()
            .next_movable(after.and_then(Hole::new))
            .map(Hole::number),
        _ => None,
    }
}

fn tap(app: AppContext, cell: Option<Cell>) {
    if let Some(cell) = cell {
        app.dispatch(Action::Tap(cell));
    }
}
