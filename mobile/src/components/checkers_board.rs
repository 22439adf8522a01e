//! The checkerboard in SVG, red's side at the bottom. Only the 32 dark squares take taps; a
//! capture is chosen landing by landing along highlighted squares and drawn as it is built.

use cozcade_engine::{
    Game, GameKind, Side,
    checkers::{Checkers, Move, Piece, Square},
};
use std::rc::Rc;

use dioxus::prelude::*;

use super::{board_keys::CursorKeys, piece_shading::PieceShading};
use crate::{
    i18n::Arg,
    shell::use_settings,
    state::{Cell, animation::Animation},
};

/// The display row and column of a square: the PDN diagram turned half a turn, so that red,
/// who moves first (and is the player against the computer), sits at the bottom. `turned`
/// (online, from white's seat) turns it back, so that white sits at the bottom.
fn display(square: Square, turned: bool) -> (u8, u8) {
    if turned {
        (square.row(), square.column())
    } else {
        (7 - square.row(), 7 - square.column())
    }
}

fn square_at(row: i8, column: i8, turned: bool) -> Option<Square> {
    if !(0..8).contains(&row) || !(0..8).contains(&column) {
        return None;
    }
    if turned {
        Square::from_row_column(row as u8, column as u8)
    } else {
        Square::from_row_column(7 - row as u8, 7 - column as u8)
    }
}

/// The dark square the cursor reaches from `cell` with an arrow key.
fn neighbour(cell: Cell, key: &Key, turned: bool) -> Option<Cell> {
    let square = Square::new(cell)?;
    let (row, column) = display(square, turned);
    let (row, column) = (row as i8, column as i8);
    let candidates: [(i8, i8); 2] = match key {
        Key::ArrowUp => [(row - 1, column + 1), (row - 1, column - 1)],
        Key::ArrowDown => [(row + 1, column - 1), (row + 1, column + 1)],
        Key::ArrowLeft => [(row, column - 2), (row - 1, column - 1)],
        Key::ArrowRight => [(row, column + 2), (row + 1, column + 1)],
        _ => return None,
    };
    candidates
        .into_iter()
        .find_map(|(r, c)| square_at(r, c, turned))
        .map(Square::number)
}

/// `highlights`: the squares to tap next; `movable`: the pieces that can move (for Home);
/// `hint`: the squares of the hint on show;
/// `route`: the squares tapped so far (the piece is drawn on the last); `last`: the move before (or the one being shown), marked
/// from, to and its route; `must_capture`: the movable pieces must capture, and are marked so;
/// `animation`: the move being shown, its piece sliding from `position` (the one before it).
#[component]
pub fn CheckersBoard(
    position: Checkers,
    turned: bool,
    highlights: Vec<Cell>,
    movable: Vec<Cell>,
    hint: Vec<Cell>,
    route: Vec<Cell>,
    last: Option<Move>,
    must_capture: bool,
    animation: Option<Animation>,
    on_tap: EventHandler<Cell>,
    on_cancel: EventHandler<()>,
) -> Element {
    let settings = use_settings();
    let mut cursor = use_signal(|| None::<Cell>);
    let texts = settings.texts.read();
    let position = &position;
    // The squares jumped so far, from the engine.
    let captured: Vec<u8> = match route.split_first() {
        Some((&from, landings)) => {
            let from = Square::new(from);
            let landings: Vec<Square> = landings.iter().filter_map(|&c| Square::new(c)).collect();
            from.and_then(|f| position.continue_route(f, &landings))
                .map(|p| p.captured.iter().map(|s| s.number()).collect())
                .unwrap_or_default()
        }
        None => Vec::new(),
    };
    let last_route: Vec<u8> = last
        .map(|mv| mv.route().iter().map(|s| s.number()).collect())
        .unwrap_or_default();
    let (last_from, last_to) = (
        last.map(|mv| mv.from().number()),
        last.map(|mv| mv.to().number()),
    );
    let centre = |square: Square| {
        let (r, c) = display(square, turned);
        (c as i32 * 100 + 50, r as i32 * 100 + 50)
    };
    let last_points: String = last
        .map(|mv| {
            mv.route()
                .iter()
                .map(|&s| {
                    let (x, y) = centre(s);
                    format!("{x},{y}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    // The piece on its way: drawn apart, above the squares, moved by a CSS transition.
    let jumped = animation
        .as_ref()
        .map(Animation::jumped)
        .unwrap_or_default();
    // A capture being built is drawn the same way: the chosen piece stands on its latest
    // landing, sliding there as each landing is tapped.
    let (moved_from, moved_to) = match &animation {
        Some(a) => (a.from(), a.at()),
        None => (route.first().copied(), route.last().copied()),
    };
    let moving = (|| {
        let from = Square::new(moved_from?)?;
        let at = Square::new(moved_to?)?;
        let piece = position.piece_at(from)?;
        let ((fx, fy), (ax, ay)) = (centre(from), centre(at));
        Some((from.number(), piece, fx, fy, ax - fx, ay - fy))
    })();
    let kind = GameKind::Checkers;
    let side_name = |side: Side| texts.get(&format!("side-{}", kind.side_name(side)));
    let cursor_cell = *cursor.read();

    let mut squares = Vec::new();
    for square in Square::ALL {
        let n = square.number();
        let (row, column) = display(square, turned);
        let piece = position.piece_at(square);
        let mut label = match piece {
            None => texts.with("checkers-empty", vec![("square", Arg::from(n))]),
            Some(p) => texts.with(
                if p.king {
                    "checkers-king"
                } else {
                    "checkers-man"
                },
                vec![("square", Arg::from(n)), ("side", side_name(p.side).into())],
            ),
        };
        if captured.contains(&n) {
            label = format!("{label} {}", texts.get("checkers-captured"));
        }
        let mut class = String::from("square dark");
        if highlights.contains(&n) {
            class.push_str(" playable");
            if !route.is_empty() {
                label = format!("{label}, {}", texts.get("cell-move-here"));
            }
        }
        if must_capture && movable.contains(&n) {
            class.push_str(" must-capture");
            label = format!("{label}, {}", texts.get("cell-must-capture"));
        }
        if route.contains(&n) {
            class.push_str(" selected");
        }
        if hint.contains(&n) {
            class.push_str(" hint");
        }
        if last_route.contains(&n) {
            class.push_str(" last");
        }
        if last_from == Some(n) {
            class.push_str(" last-from");
        }
        if last_to == Some(n) {
            class.push_str(" last-to");
        }
        if cursor_cell == Some(n) {
            class.push_str(" cursor");
        }
        // The moving piece is drawn on its own; the ones it has jumped fade out.
        let piece = piece.filter(|_| moving.is_none_or(|m| m.0 != n));
        let fade = if captured.contains(&n) {
            " taken"
        } else if jumped.contains(&n) {
            " jumped"
        } else {
            ""
        };
        squares.push((n, row, column, piece, label, class, fade));
    }
    let route_points: String = route
        .iter()
        .filter_map(|&c| Square::new(c))
        .map(|s| {
            let (r, c) = display(s, turned);
            format!("{},{}", c as u32 * 100 + 50, r as u32 * 100 + 50)
        })
        .collect::<Vec<_>>()
        .join(" ");

    let keyed = use_signal(|| false);
    let keys = Rc::new(CursorKeys {
        cursor,
        keyed,
        valid: |_| true,
        arrow: {
            let movable = movable.clone();
            move |current: Option<Cell>, arrow: &Key| {
                let start = current.unwrap_or_else(|| movable.first().copied().unwrap_or(1));
                Some(neighbour(start, arrow, turned).unwrap_or(start))
            }
        },
        next_movable: {
            let movable = movable.clone();
            move |current: Option<Cell>| {
                current
                    .and_then(|c| movable.iter().find(|&&m| m > c))
                    .or(movable.first())
                    .copied()
            }
        },
        on_tap,
        on_cancel,
        choose_nothing_cancels: false,
    });

    rsx! {
        div {
            class: if *keyed.read() { "board checkers keys" } else { "board checkers" },
            tabindex: "0",
            role: "group",
            aria_label: texts.get("checkers-board"),
            aria_activedescendant: cursor_cell.map(|c| format!("cell-{c}")).unwrap_or_default(),
            "data-turn": kind.side_name(position.turn()),
            onkeydown: {
                let keys = keys.clone();
                move |event: KeyboardEvent| keys.press(&event)
            },
            onpointerdown: {
                let keys = keys.clone();
                move |_| keys.pointer()
            },
            onfocus: move |_| keys.focus(),
            svg { view_box: "0 0 800 800", class: "checkers-svg",
                PieceShading {}
                for row in 0..8u32 {
                    for column in 0..8u32 {
                        if (row + column) % 2 == 0 {
                            rect { key: "light-{row}-{column}", class: "square light", x: "{column * 100}", y: "{row * 100}", width: "100", height: "100" }
                        }
                    }
                }
                for (n, row, column, piece, label, class, taken) in squares {
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
                            on_tap.call(n);
                        },
                        rect { x: "{column as u32 * 100}", y: "{row as u32 * 100}", width: "100", height: "100" }
                        text { class: "square-number", x: "{column as u32 * 100 + 8}", y: "{row as u32 * 100 + 16}", "{n}" }
                        if let Some(p) = piece {
                            {draw_piece(column as i32 * 100 + 50, row as i32 * 100 + 50, p, taken)}
                        }
                    }
                }
                if last_route.len() > 1 {
                    polyline { class: "last-route", points: "{last_points}" }
                }
                if route.len() > 1 {
                    polyline { class: "route", points: "{route_points}" }
                }
                if let Some((n, p, x, y, dx, dy)) = moving {
                    g { class: "moving", "data-cell": "{n}",
                        style: "transform: translate({dx}px, {dy}px)",
                        {draw_piece(x, y, p, "")}
                    }
                }
            }
        }
    }
}

/// A man or king centred at (x, y) with depth: a shadow under it, a groove and a shine over its
/// own colour, the crown in a colour that stands out on it. `fade`: " taken" or " jumped".
fn draw_piece(x: i32, y: i32, piece: Piece, fade: &str) -> Element {
    let side = side_class(piece.side);
    rsx! {
        circle { class: "shadow{fade}", cx: "{x + 3}", cy: "{y + 6}", r: "43" }
        circle { class: "piece {side}{fade}", cx: "{x}", cy: "{y}", r: "38" }
        circle { class: "piece-ring {side}{fade}", cx: "{x}", cy: "{y}", r: "27" }
        circle { class: "shine{fade}", cx: "{x}", cy: "{y}", r: "38" }
        if piece.king {
            text { class: "crown {side}", x: "{x}", y: "{y + 2}", "♛" }
        }
    }
}

fn side_class(side: Side) -> &'static str {
    match side {
        Side::First => "red",
        Side::Second => "white",
    }
}
