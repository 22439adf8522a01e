//! What the player hears and, in a browser, feels: the app's sounds, synthesized as they play
//! (Web Audio in the page or the phone's webview: no sound file is downloaded), and a browser's
//! vibration where no native host gives haptics (the host's haptics are the bridge's).
//!
//! The synthesizer is one script installed at start ([`SYNTH_JS`]); each sound is a one-line
//! call into it. It stays silent while the page is hidden, until the player has touched the
//! page (browsers allow sound only after a gesture), and while the player has turned sound
//! off; on an iPhone it plays as "ambient" audio, so the silent switch silences it and music
//! the player is listening to goes on.

use cozcade_engine::GameKind;
use dioxus::prelude::*;

use crate::{
    bridge::{self, Haptic},
    state::Feel,
};

/// A move's sound: one voice per step the board shows (a checker landing, a marble's hop, a
/// seed falling), `step_ms` apart, then what the move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSound {
    pub voice: Voice,
    pub steps: usize,
    pub step_ms: u32,
    pub accent: Option<Accent>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    Slide,
    Hop,
    Seed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accent {
    Capture,
    Crown,
    ExtraTurn,
}

/// Sounds that are moments rather than moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    Win,
    Loss,
    Draw,
    FriendJoined,
}

impl MoveSound {
    /// The sound of a move in `game` that did `deed` (see [`crate::state::deed_of_move`]), drawn in `steps` steps `step_ms` apart (one
    /// step at once when the move is not animated).
    pub fn of(game: GameKind, deed: Feel, steps: usize, step_ms: u32) -> Self {
        let voice = match game {
            GameKind::Checkers => Voice::Slide,
            GameKind::ChineseCheckers => Voice::Hop,
            GameKind::Kalah => Voice::Seed,
        };
        let accent = match deed {
            Feel::Capture => Some(Accent::Capture),
            Feel::Crown => Some(Accent::Crown),
            Feel::ExtraTurn => Some(Accent::ExtraTurn),
            Feel::Move | Feel::Sow { .. } | Feel::Win | Feel::Loss | Feel::Draw => None,
        };
        MoveSound {
            voice,
            steps: steps.clamp(1, 48),
            step_ms,
            accent,
        }
    }

    fn call(self) -> String {
        let voice = match self.voice {
            Voice::Slide => "slide",
            Voice::Hop => "hop",
            Voice::Seed => "seed",
        };
        let accent = match self.accent {
            Some(Accent::Capture) => "capture",
            Some(Accent::Crown) => "crown",
            Some(Accent::ExtraTurn) => "extra-turn",
            None => "",
        };
        format!(
            "window.__cozcadeSound?.move({voice:?}, {}, {}, {accent:?});",
            self.steps, self.step_ms
        )
    }
}

impl Moment {
    /// The end of a game as this device's player feels it.
    pub fn ending(feel: Feel) -> Option<Self> {
        match feel {
            Feel::Win => Some(Moment::Win),
            Feel::Loss => Some(Moment::Loss),
            Feel::Draw => Some(Moment::Draw),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Moment::Win => "win",
            Moment::Loss => "loss",
            Moment::Draw => "draw",
            Moment::FriendJoined => "friend-joined",
        }
    }
}

/// Installs the synthesizer, on or off as the player left it.
pub fn install(on: bool) {
    let _ = document::eval(&format!("{SYNTH_JS}\nwindow.__cozcadeSound.on = {on};"));
}

/// Turns every sound on or off from now.
pub fn set_on(on: bool) {
    let _ = document::eval(&format!(
        "if (window.__cozcadeSound) window.__cozcadeSound.on = {on};"
    ));
}

pub fn play_move(sound: MoveSound) {
    let _ = document::eval(&sound.call());
}

pub fn play(moment: Moment) {
    let _ = document::eval(&format!(
        "window.__cozcadeSound?.moment({:?});",
        moment.name()
    ));
}

/// The phone's haptic through the native host; where there is none, a browser's vibration
/// of the same kind (Android's browsers have it; iPhones' don't).
pub fn haptic(haptic: Haptic) {
    if !bridge::haptic(haptic) {
        vibrate(match haptic {
            Haptic::Capture => &[18, 40, 18],
            Haptic::Win => &[30, 60, 30, 60, 80],
            Haptic::Error => &[40, 30, 40],
            Haptic::Move => &[12],
        });
    }
}

/// A browser's vibration for pattern `ms` (milliseconds on, off, on…).
fn vibrate(ms: &[u32]) {
    let pattern: Vec<String> = ms.iter().map(u32::to_string).collect();
    let _ = document::eval(&format!("navigator.vibrate?.([{}]);", pattern.join(",")));
}

/// The synthesizer: each sound a few oscillators and a burst of filtered noise with short
/// envelopes, through one master gain. `window.__cozcadeSound.played` counts what played, by
/// name (the last 64), for anyone who wants to know what the app sounded (the browser tests
/// read it).
pub const SYNTH_JS: &str = r##"
if (!window.__cozcadeSound) {
  const AudioContext = window.AudioContext || window.webkitAudioContext;
  let audio = null, master = null, noise = null;
  const sound = { on: true, played: [] };
  try { if (navigator.audioSession) navigator.audioSession.type = "ambient"; } catch (_) {}
  // A context may only start from a gesture: the first touch (or key) after sound is on
  // makes it, later ones wake it if the system suspended it.
  const wake = () => {
    if (!sound.on || !AudioContext) return;
    if (!audio) {
      try {
        audio = new AudioContext();
        master = audio.createGain();
        master.gain.value = 0.5;
        master.connect(audio.destination);
        noise = audio.createBuffer(1, Math.floor(audio.sampleRate * 0.05), audio.sampleRate);
        const data = noise.getChannelData(0);
        for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      } catch (_) { audio = null; return; }
    }
    if (audio.state !== "running") audio.resume().catch(() => {});
  };
  for (const type of ["pointerdown", "touchend", "keydown"]) {
    addEventListener(type, wake, { capture: true, passive: true });
  }
  const ready = () => sound.on && !document.hidden && audio !== null && audio.state !== "closed";
  const tone = (at, f, { to = f, type = "sine", dur = 0.12, gain = 0.2 } = {}) => {
    const o = audio.createOscillator(), g = audio.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f, at);
    if (to !== f) o.frequency.exponentialRampToValueAtTime(to, at + dur);
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + 0.006);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    o.connect(g).connect(master);
    o.start(at);
    o.stop(at + dur + 0.02);
  };
  const click = (at, f, { q = 4, dur = 0.04, gain = 0.25 } = {}) => {
    const s = audio.createBufferSource(), b = audio.createBiquadFilter(), g = audio.createGain();
    s.buffer = noise;
    b.type = "bandpass"; b.frequency.value = f; b.Q.value = q;
    g.gain.setValueAtTime(gain, at);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    s.connect(b).connect(g).connect(master);
    s.start(at);
    s.stop(at + dur + 0.01);
  };
  const voices = {
    // A wooden piece set down on the board.
    slide: (at) => { tone(at, 190, { to: 95, dur: 0.09, gain: 0.35 }); click(at, 1800, { gain: 0.18 }); },
    // A glass marble dropping into a hole.
    hop: (at) => { tone(at, 1500, { to: 1150, dur: 0.05, gain: 0.08 }); click(at, 3200, { q: 8, dur: 0.03, gain: 0.12 }); },
    // A seed falling into a pit, each a little different.
    seed: (at) => { const f = 900 + Math.random() * 300; tone(at, f, { to: f * 0.7, dur: 0.035, gain: 0.07 }); click(at, 2600, { q: 6, dur: 0.02, gain: 0.1 }); },
  };
  const accents = {
    capture: (at) => { click(at, 900, { q: 2, dur: 0.08, gain: 0.35 }); tone(at, 330, { to: 220, type: "triangle", dur: 0.16, gain: 0.25 }); tone(at + 0.07, 260, { to: 170, type: "triangle", dur: 0.16, gain: 0.2 }); },
    crown: (at) => { [660, 880, 1320].forEach((f, i) => tone(at + i * 0.08, f, { dur: 0.2, gain: 0.12 })); },
    "extra-turn": (at) => { tone(at, 880, { type: "triangle", dur: 0.1, gain: 0.12 }); tone(at + 0.09, 1175, { type: "triangle", dur: 0.16, gain: 0.12 }); },
  };
  const moments = {
    win: (at) => { [523, 659, 784, 1047].forEach((f, i) => tone(at + i * 0.11, f, { type: "triangle", dur: i === 3 ? 0.6 : 0.18, gain: 0.16 })); },
    loss: (at) => { [392, 330, 262].forEach((f, i) => tone(at + i * 0.18, f, { dur: i === 2 ? 0.5 : 0.22, gain: 0.14 })); },
    draw: (at) => { tone(at, 659, { type: "triangle", dur: 0.2, gain: 0.13 }); tone(at + 0.2, 659, { type: "triangle", dur: 0.35, gain: 0.13 }); },
    "friend-joined": (at) => { tone(at, 784, { type: "triangle", dur: 0.18, gain: 0.13 }); tone(at + 0.14, 1047, { type: "triangle", dur: 0.3, gain: 0.13 }); },
  };
  const note = (name) => { sound.played.push(name); if (sound.played.length > 64) sound.played.shift(); };
  sound.move = (voice, steps, stepMs, accent) => {
    if (!ready() || !voices[voice]) return;
    const start = audio.currentTime + 0.02;
    for (let i = 0; i < steps; i++) voices[voice](start + (i * stepMs) / 1000);
    if (accents[accent]) accents[accent](start + ((steps - 1) * stepMs) / 1000 + 0.05);
    note(accents[accent] ? `${voice}:${accent}` : voice);
  };
  sound.moment = (name) => {
    if (!ready() || !moments[name]) return;
    moments[name](audio.currentTime + 0.02);
    note(name);
  };
  window.__cozcadeSound = sound;
}
"##;
