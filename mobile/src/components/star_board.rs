//! The Chinese Checkers star in SVG, jade's start at the bottom. Choose a marble, then a lit
//! endpoint: the whole hop route is one move, and the last move's route is drawn.

use cozcade_engine::{
    Game, GameKind, Side,
    chinese_checkers::{ChineseCheckers, Hole, Move},
};
use std::rc::Rc;

use cozcade_art::star;
use dioxus::{html::geometry::ClientPoint, prelude::*};

use super::{board_keys::CursorKeys, piece_shading::PieceShading};
use crate::{
    i18n::Arg,
    shell::use_settings,
    state::{Cell, animation::Animation},
};

/// A hole's centre in the star's units (the star's geometry is art's, shared with the
/// drawings). `turned` (online, from coral's seat) turns the star half a round, coral's start
/// at the bottom.
fn centre(hole: Hole, turned: bool) -> (i32, i32) {
    turn(star::centre(hole), turned)
}

/// Where row `row`, half-hole `x` falls, turned if asked.
fn point(row: i32, x: i32, turned: bool) -> (i32, i32) {
    turn(star::point(row, x), turned)
}

fn turn((x, y): (i32, i32), turned: bool) -> (i32, i32) {
    if turned {
        (star::SIZE.0 - x, star::SIZE.1 - y)
    } else {
        (x, y)
    }
}

fn points(corners: &[(i32, i32)], turned: bool) -> String {
    corners
        .iter()
        .map(|&(row, x)| {
            let (x, y) = point(row, x, turned);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The star's drawing size in its own units (the SVG's viewBox).
const VIEW: (f64, f64) = (star::SIZE.0 as f64, star::SIZE.1 as f64);

/// How far from a hole's centre a tap still reaches it, in the star's units. Every point inside
/// the star is within 26 units of some hole (the hex cells' corners are 44/sqrt(3) away), so
/// 30 also catches taps a little outside the outer holes without reaching across the gaps
/// between the star's points.
const TAP_RADIUS: f64 = 30.0;

/// How far from a hole that can be tapped now (a movable marble, a marble's destination) a tap
/// still picks it, in CSS pixels, even where an idle hole is nearer: sideways on a phone the
/// holes are 23 px apart, so a fingertip 12 px off a destination is nearer its idle neighbour.
const REACH_PX: f64 = 12.5;

/// The hole a tap at `point` (client pixels) on the star drawn in `rect` means: the nearest of
/// `playable` within [`REACH_PX`], else the nearest hole within [`TAP_RADIUS`] (each hole's hit
/// area is its Voronoi cell, clipped to that radius, so an off-centre tap between holes still
/// lands on the closest one). The SVG keeps its aspect ratio (xMidYMid meet), so the drawing is
/// centred in `rect` at one scale.
fn nearest_hole(
    rect_origin: (f64, f64),
    rect_size: (f64, f64),
    point: (f64, f64),
    turned: bool,
    playable: &[Cell],
) -> Option<Cell> {
    let scale = (rect_size.0 / VIEW.0).min(rect_size.1 / VIEW.1);
    if !scale.is_finite() || scale <= 0.0 {
        return None;
    }
    let left = rect_origin.0 + (rect_size.0 - VIEW.0 * scale) / 2.0;
    let top = rect_origin.1 + (rect_size.1 - VIEW.1 * scale) / 2.0;
    let (ux, uy) = ((point.0 - left) / scale, (point.1 - top) / scale);
    let nearest = |reach: f64, only_playable: bool| {
        Hole::all()
            .filter(|hole| !only_playable || playable.contains(&hole.number()))
            .map(|hole| {
                let (x, y) = centre(hole, turned);
                let (dx, dy) = (f64::from(x) - ux, f64::from(y) - uy);
                (dx * dx + dy * dy, hole)
            })
            .filter(|&(d2, _)| d2 <= reach * reach)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, hole)| hole.number())
    };
    nearest(REACH_PX / scale, true).or_else(|| nearest(TAP_RADIUS, false))
}

/// A tap or click on the board at `point`: the nearest hole gets it. `fallback` is the hole
/// whose own element was hit, for a click without a usable position (assistive technology).
fn tap_at(
    on_tap: EventHandler<Cell>,
    mut cursor: Signal<Option<Cell>>,
    svg: Signal<Option<Rc<MountedData>>>,
    point: ClientPoint,
    fallback: Option<Cell>,
    turned: bool,
    playable: Rc<[Cell]>,
) {
    let mounted = svg.peek().clone();
    spawn(async move {
        let nearest = match mounted {
            Some(mounted) => mounted.get_client_rect().await.ok().and_then(|rect| {
                nearest_hole(
                    (rect.origin.x, rect.origin.y),
                    (rect.size.width, rect.size.height),
                    (point.x, point.y),
                    turned,
                    &playable,
                )
            }),
            None => None,
        };
        if let Some(cell) = nearest.or(fallback) {
            cursor.set(Some(cell));
            on_tap.call(cell);
        }
    });
}

/// The hole the cursor reaches from `cell` with an arrow key: along the row, or to one of the
/// two neighbours in the row above or below.
fn neighbour(cell: Cell, key: &Key, turned: bool) -> Option<Cell> {
    let hole = Hole::new(cell)?;
    // On the turned star the arrows point the other way in hole terms.
    let key = match (turned, key) {
        (true, Key::ArrowLeft) => &Key::ArrowRight,
        (true, Key::ArrowRight) => &Key::ArrowLeft,
        (true, Key::ArrowUp) => &Key::ArrowDown,
        (true, Key::ArrowDown) => &Key::ArrowUp,
        _ => key,
    };
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

/// `highlights`: the holes to tap next; `movable`: the marbles that can move (for Home);
/// `hint`: the holes of the hint on show; `route`: the holes tapped so far; `last`: the move before (or the one being shown), marked
/// from, to and its route; `animation`: the move being shown, its marble hopping from
/// `position` (the one before it).
#[component]
pub fn StarBoard(
    position: ChineseCheckers,
    turned: bool,
    highlights: Vec<Cell>,
    movable: Vec<Cell>,
    hint: Vec<Cell>,
    route: Vec<Cell>,
    last: Option<Move>,
    animation: Option<Animation>,
    on_tap: EventHandler<Cell>,
    on_cancel: EventHandler<()>,
) -> Element {
    let settings = use_settings();
    let cursor = use_signal(|| None::<Cell>);
    let mut svg = use_signal(|| None::<Rc<MountedData>>);
    let texts = settings.texts.read();
    let position = &position;
    let kind = GameKind::ChineseCheckers;
    let cursor_cell = *cursor.read();
    let last_route: Vec<Hole> = last
        .as_ref()
        .and_then(|mv| mv.route())
        .map(|r| r.holes().to_vec())
        .unwrap_or_default();
    let last_points = last_route
        .iter()
        .map(|&h| {
            let (x, y) = centre(h, turned);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    // The marble on its way: drawn apart, above the holes, moved by a CSS transition.
    let moving = animation.as_ref().and_then(|a| {
        let from = Hole::new(a.from()?)?;
        let at = Hole::new(a.at()?)?;
        let side = position.marble_at(from)?;
        let ((fx, fy), (ax, ay)) = (centre(from, turned), centre(at, turned));
        Some((from.number(), side, fx, fy, ax - fx, ay - fy))
    });

    let keys_movable = movable.clone();
    let playable: Rc<[Cell]> = highlights.clone().into();
    let choosing = !route.is_empty();
    let keyed = use_signal(|| false);
    let keys = Rc::new(CursorKeys {
        cursor,
        keyed,
        valid: |_| true,
        arrow: {
            let movable = keys_movable.clone();
            move |current: Option<Cell>, arrow: &Key| {
                let start = current
                    .or_else(|| next_movable(&movable, None))
                    .unwrap_or(1);
                Some(neighbour(start, arrow, turned).unwrap_or(start))
            }
        },
        next_movable: move |current: Option<Cell>| next_movable(&keys_movable, current),
        on_tap,
        on_cancel,
        choose_nothing_cancels: false,
    });

    rsx! {
        div {
            class: if *keyed.read() { "board star keys" } else { "board star" },
            tabindex: "0",
            role: "group",
            aria_label: texts.get("cc-board"),
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
            svg { view_box: "0 0 600 672", class: if choosing { "star-svg choosing" } else { "star-svg" },
                onmounted: move |event: MountedEvent| svg.set(Some(event.data())),
                // A tap between holes or just outside the outer ones: the nearest hole.
                onclick: move |event: MouseEvent| tap_at(on_tap, cursor, svg, event.client_coordinates(), None, turned, playable.clone()),
                PieceShading {}
                StarShape { turned }
                if last_route.len() > 1 {
                    polyline { class: "route last-route", points: "{last_points}" }
                }
                StarHoles { position: position.clone(), turned, highlights, hint, route, last, hidden: moving.map(|m| m.0), cursor, svg, on_tap }
                if let Some((n, side, x, y, dx, dy)) = moving {
                    g { class: "moving", "data-cell": "{n}",
                        style: "transform: translate({dx}px, {dy}px)",
                        {draw_marble(x, y, side)}
                    }
                }
            }
        }
    }
}

/// The 121 holes, apart from the board so that the steps of an animation, which only move the
/// marble on its way, redraw none of them. `hidden`: the hole whose marble is on its way.
#[component]
fn StarHoles(
    position: ChineseCheckers,
    turned: bool,
    highlights: Vec<Cell>,
    hint: Vec<Cell>,
    route: Vec<Cell>,
    last: Option<Move>,
    hidden: Option<Cell>,
    mut cursor: Signal<Option<Cell>>,
    svg: Signal<Option<Rc<MountedData>>>,
    on_tap: EventHandler<Cell>,
) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let kind = GameKind::ChineseCheckers;
    let side_name = |side: Side| texts.get(&format!("side-{}", kind.side_name(side)));
    let cursor_cell = *cursor.read();
    let last_route: Vec<Hole> = last
        .as_ref()
        .and_then(|mv| mv.route())
        .map(|r| r.holes().to_vec())
        .unwrap_or_default();
    let playable: Rc<[Cell]> = highlights.clone().into();
    let mut holes = Vec::new();
    for hole in Hole::all() {
        let n = hole.number();
        let marble = position.marble_at(hole);
        let mut label = match marble {
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
            if !route.is_empty() {
                label = format!("{label}, {}", texts.get("cell-move-here"));
            }
        }
        if route.contains(&n) {
            class.push_str(" selected");
        }
        if hint.contains(&n) {
            class.push_str(" hint");
        }
        if cursor_cell == Some(n) {
            class.push_str(" cursor");
        }
        if last_route.first() == Some(&hole) {
            class.push_str(" last last-from");
        } else if last_route.last() == Some(&hole) {
            class.push_str(" last last-to");
        } else if last_route.contains(&hole) {
            class.push_str(" last-hop");
        }
        let marble = marble.filter(|_| hidden != Some(n));
        let (x, y) = centre(hole, turned);
        holes.push((n, x, y, marble, label, class));
    }
    rsx! {
        for (n, x, y, marble, label, class) in holes {
            g {
                key: "{n}",
                id: "cell-{n}",
                class: "{class}",
                role: "button",
                "aria-label": "{label}",
                "aria-pressed": if route.first() == Some(&n) { "true" } else { "false" },
                "data-cell": "{n}",
                onclick: {
                    let playable = playable.clone();
                    move |event: MouseEvent| {
                        event.stop_propagation();
                        tap_at(on_tap, cursor, svg, event.client_coordinates(), Some(n), turned, playable.clone());
                    }
                },
                // Something to hit around each hole; which hole a tap means is decided
                // by distance (tap_at), so near the corners the nearer hole wins.
                rect { class: "hit", x: "{x - 22}", y: "{y - 19}", width: "44", height: "38" }
                circle { class: "socket", cx: "{x}", cy: "{y}", r: "{star::SOCKET_RADIUS}" }
                if let Some(side) = marble {
                    {draw_marble(x, y, side)}
                }
            }
        }
    }
}

/// The star's shape behind the holes, its two home points tinted in their players' colours.
#[component]
fn StarShape(turned: bool) -> Element {
    let outline = points(&star::OUTLINE, turned);
    rsx! {
        polygon { class: "star-edge", points: "{outline}", stroke_width: "{star::EDGE_STROKE}" }
        polygon { class: "star-shape", points: "{outline}", stroke_width: "{star::FACE_STROKE}" }
        for (side, corners) in star::HOMES {
            polygon {
                key: "{side_class(side)}",
                class: "home {side_class(side)}",
                points: points(&corners, turned),
                stroke_width: "{star::HOME_STROKE}",
            }
        }
    }
}

/// A marble at (x, y) with depth: a shadow, its colour, a shine. Colour is never the only cue:
/// coral marbles carry a ring.
fn draw_marble(x: i32, y: i32, side: Side) -> Element {
    rsx! {
        circle { class: "shadow", cx: "{x + 2}", cy: "{y + 4}", r: "16" }
        circle { class: "marble {side_class(side)}", cx: "{x}", cy: "{y}", r: "{star::MARBLE_RADIUS}" }
        circle { class: "shine", cx: "{x}", cy: "{y}", r: "{star::MARBLE_RADIUS}" }
        if side == Side::Second {
            circle { class: "marble-mark", cx: "{x}", cy: "{y}", r: "6" }
        }
    }
}

fn side_class(side: Side) -> &'static str {
    match side {
        Side::First => "jade",
        Side::Second => "coral",
    }
}

/// The Home key: the next movable marble after the cursor in hole order, wrapping round
/// (none unless it is a human's turn: then `movable` is empty).
fn next_movable(movable: &[Cell], after: Option<Cell>) -> Option<Cell> {
    let first_after = after.and_then(|a| movable.iter().copied().find(|&m| m > a));
    first_after.or_else(|| movable.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tap_within_reach_of_a_playable_hole_picks_it_over_a_nearer_idle_one() {
        // Sideways on a phone: 0.53 px per unit, so 12 px is 22.6 units. Holes 11 and 12 (row
        // 4, y = 184, x = 36 and 80) are 44 units apart: 23.3 units right of 11 is nearer 12.
        let size = (VIEW.0 * 0.53, VIEW.1 * 0.53);
        let at = |x: f64, playable: &[Cell]| {
            nearest_hole((0.0, 0.0), size, (x * 0.53, 184.0 * 0.53), false, playable)
        };
        assert_eq!(at(36.0 + 22.6, &[]), Some(12));
        assert_eq!(at(36.0 + 22.6, &[11]), Some(11));
        // Beyond the reach the nearest hole wins again.
        assert_eq!(at(36.0 + 26.0, &[11]), Some(12));
        // Among playable holes, the nearest.
        assert_eq!(at(36.0 + 22.6, &[11, 12]), Some(12));
    }

    /// The star drawn at its own size at the page's origin: client pixels are star units.
    fn at_scale_one(x: f64, y: f64) -> Option<Cell> {
        nearest_hole((0.0, 0.0), VIEW, (x, y), false, &[])
    }

    #[test]
    fn a_tap_goes_to_the_nearest_hole() {
        // Hole 1 is the top point's tip, at (300, 32).
        assert_eq!(at_scale_one(300.0, 32.0), Some(1));
        assert_eq!(at_scale_one(310.0, 40.0), Some(1));
        // Holes 11 and 12 start row 4 (y = 184) at x = 36 and 80: between them, the nearer wins.
        assert_eq!(at_scale_one(56.0, 184.0), Some(11));
        assert_eq!(at_scale_one(60.0, 184.0), Some(12));
        // Just outside the outer hole still reaches it; the empty corner reaches nothing.
        assert_eq!(at_scale_one(300.0, 6.0), Some(1));
        assert_eq!(at_scale_one(0.0, 0.0), None);
        assert_eq!(
            nearest_hole((0.0, 0.0), (0.0, 0.0), (0.0, 0.0), false, &[]),
            None
        );
        // Turned (online, coral's seat): hole 1 is at the bottom point.
        assert_eq!(
            nearest_hole((0.0, 0.0), VIEW, (300.0, 640.0), true, &[]),
            Some(1)
        );
        assert_eq!(
            nearest_hole((0.0, 0.0), VIEW, (300.0, 32.0), true, &[]),
            Some(121)
        );
    }

    #[test]
    fn the_drawing_is_centred_and_scaled_in_its_box() {
        // A box twice as wide as the drawing: scale 1, centred 300 px in, 10 px down the page.
        assert_eq!(
            nearest_hole((0.0, 10.0), (1200.0, 672.0), (600.0, 42.0), false, &[]),
            Some(1)
        );
        // A phone-width board: 390 px wide, so 0.65 px per unit.
        assert_eq!(
            nearest_hole(
                (0.0, 0.0),
                (390.0, 436.8),
                (300.0 * 0.65, 32.0 * 0.65),
                false,
                &[]
            ),
            Some(1)
        );
    }
}
