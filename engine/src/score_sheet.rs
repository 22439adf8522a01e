//! A game written down move by move, as players number and share it: the move list that follows
//! the board, and the text of a finished game (PDN for checkers, the numbered moves for Kalah and
//! Chinese Checkers).

use std::fmt::Write as _;

use crate::{AnyRecord, Checkers, Game, GameKind, Outcome, Side};

/// One ply of a game with the turn number written before it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedMove {
    /// "1", "2", …: before the first player's move of each turn, and before a game's first move
    /// whoever makes it. Kalah's extra turns and the second player's replies carry none.
    pub number: Option<u32>,
    /// Who played it.
    pub mover: Side,
    /// The move in the game's own notation (`11-15`, `c`, `112-103`).
    pub text: String,
}

/// Who played, for a sheet's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players<'a> {
    /// The side that moves first (red in checkers, PDN's "Black").
    pub first: &'a str,
    pub second: &'a str,
}

/// Lines of a movetext are wrapped at this width, as PDN recommends.
const LINE_WIDTH: usize = 79;

impl AnyRecord {
    /// Every ply so far with its turn number.
    pub fn numbered_moves(&self) -> Vec<NumberedMove> {
        let texts = self.move_texts();
        let mut number = 0;
        let mut previous = None;
        texts
            .into_iter()
            .enumerate()
            .filter_map(|(ply, text)| {
                let mover = self.mover(ply)?;
                let starts_turn =
                    previous.is_none() || (mover == Side::First && previous != Some(Side::First));
                previous = Some(mover);
                let numbered = starts_turn.then(|| {
                    number += 1;
                    number
                });
                Some(NumberedMove {
                    number: numbered,
                    mover,
                    text,
                })
            })
            .collect()
    }

    /// The numbered moves as one text, wrapped at 79 columns, ending with the result token when
    /// the game is over (`1-0`, `0-1`, `1/2-1/2`; `*` while it goes on). A game the second player
    /// started writes `1...` before its first move.
    pub fn movetext(&self) -> String {
        let mut tokens = Vec::new();
        for mv in self.numbered_moves() {
            match mv.number {
                Some(n) if mv.mover == Side::Second => tokens.push(format!("{n}...")),
                Some(n) => tokens.push(format!("{n}.")),
                None => {}
            }
            tokens.push(mv.text);
        }
        tokens.push(result_token(self.outcome()).to_owned());
        wrap(&tokens)
    }

    /// The game as PDN (Portable Draughts Notation, game type 21: English draughts), for
    /// checkers only. `date` is PDN's `YYYY.MM.DD`.
    pub fn pdn(&self, players: &Players<'_>, date: &str) -> Option<String> {
        if self.kind() != GameKind::Checkers {
            return None;
        }
        let mut text = String::new();
        let mut tag = |name: &str, value: &str| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(text, "[{name} \"{value}\"]");
        };
        tag("Event", "Cozcade");
        tag("Date", date);
        // PDN names red, who moves first, "Black".
        tag("Black", players.first);
        tag("White", players.second);
        tag("Result", result_token(self.outcome()));
        tag("GameType", "21");
        let start = self.start_fen();
        if start != Checkers::start().to_string() {
            tag("SetUp", "1");
            tag("FEN", &start);
        }
        text.push('\n');
        text.push_str(&self.movetext());
        text.push('\n');
        Some(text)
    }
}

/// PDN's result token: the first player's score first.
fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Win(Side::First)) => "1-0",
        Some(Outcome::Win(Side::Second)) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
    }
}

/// Tokens joined by spaces into lines no longer than [`LINE_WIDTH`] (a longer token stands alone).
fn wrap(tokens: &[String]) -> String {
    let mut text = String::new();
    let mut line = 0;
    for token in tokens {
        if line > 0 && line + 1 + token.len() > LINE_WIDTH {
            text.push('\n');
            line = 0;
        } else if line > 0 {
            text.push(' ');
            line += 1;
        }
        text.push_str(token);
        line += token.len();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(kind: GameKind, moves: &[&str]) -> AnyRecord {
        let mut record = AnyRecord::new(kind);
        for mv in moves {
            record.play_text(mv).expect("legal");
        }
        record
    }

    #[test]
    fn checkers_turns_pair_the_two_players_moves() {
        let record = played(GameKind::Checkers, &["11-15", "23-19", "8-11"]);
        let numbers: Vec<_> = record.numbered_moves().iter().map(|m| m.number).collect();
        assert_eq!(numbers, [Some(1), None, Some(2)]);
        assert_eq!(record.movetext(), "1. 11-15 23-19 2. 8-11 *");
    }

    #[test]
    fn kalah_extra_turns_stay_in_the_same_turn() {
        // Gold's c ends in its store (4 seeds from the third pit): Gold moves again.
        let record = played(GameKind::Kalah, &["c", "f", "a"]);
        let moves = record.numbered_moves();
        let movers: Vec<_> = moves.iter().map(|m| m.mover).collect();
        assert_eq!(movers, [Side::First, Side::First, Side::Second]);
        let numbers: Vec<_> = moves.iter().map(|m| m.number).collect();
        assert_eq!(numbers, [Some(1), None, None]);
        assert_eq!(record.movetext(), "1. c f a *");
    }

    #[test]
    fn a_game_the_second_player_starts_is_numbered_from_its_first_move() {
        let mut record = AnyRecord::from_fen(GameKind::Checkers, "W:W21,22:B1,2").expect("valid");
        record.play_text("21-17").expect("legal");
        record.play_text("1-6").expect("legal");
        assert_eq!(record.movetext(), "1... 21-17 2. 1-6 *");
    }

    #[test]
    fn pdn_has_the_seven_tags_a_reader_needs_and_the_result() {
        let mut record = AnyRecord::from_fen(GameKind::Checkers, "B:W18:B14").expect("valid");
        record.play_text("14x23").expect("legal");
        let players = Players {
            first: "You",
            second: "Computer \"Easy\"",
        };
        let pdn = record.pdn(&players, "2026.12.06").expect("checkers");
        assert_eq!(
            pdn,
            "[Event \"Cozcade\"]\n[Date \"2026.12.06\"]\n[Black \"You\"]\n\
             [White \"Computer \\\"Easy\\\"\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n\
             [SetUp \"1\"]\n[FEN \"B:W18:B14\"]\n\n1. 14x23 1-0\n"
        );
    }

    #[test]
    fn pdn_of_a_game_from_the_start_has_no_setup_and_only_checkers_has_pdn() {
        let record = played(GameKind::Checkers, &["11-15"]);
        let players = Players {
            first: "A",
            second: "B",
        };
        let pdn = record.pdn(&players, "2026.12.06").expect("checkers");
        assert!(!pdn.contains("FEN"), "{pdn}");
        assert!(pdn.ends_with("\n1. 11-15 *\n"), "{pdn}");
        assert_eq!(AnyRecord::new(GameKind::Kalah).pdn(&players, "x"), None);
    }

    #[test]
    fn long_games_wrap_at_79_columns_and_lose_no_move() {
        let mut record = AnyRecord::new(GameKind::ChineseCheckers);
        for _ in 0..60 {
            let Some(mv) = record.legal_moves().into_iter().next() else {
                break;
            };
            record.play(&mv).expect("legal");
        }
        let text = record.movetext();
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|line| line.len() <= LINE_WIDTH), "{text}");
        let words = text
            .split_whitespace()
            .filter(|w| !w.ends_with('.'))
            .count();
        assert_eq!(words, record.len() + 1, "every move and the result token");
    }
}
