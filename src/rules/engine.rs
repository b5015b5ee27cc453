//! Move generation and move execution: sowing, relays, captures, the nyumba, takasia, and the
//! end of the game (docs/rules.md sections 3-8).

// Pits are addressed by circuit index throughout; index loops read clearer here.
#![allow(clippy::needless_range_loop)]

use super::error::{AmbiguousMove, IllegalMove, IllegalReason, MoveError};
use super::moves::{HouseChoice, Move, MoveKind, MoveList, MoveSpec};
use super::position::Position;
use super::trace::{EndReason, LiftReason, NoTrace, Recorder, Step, Trace};
use super::types::{Direction, Pit, Row, Side, Variant, HOUSE};

/// Most sowing runs a move may make after its first one (docs/rules.md section 5).
pub const MAX_RUNS: u32 = 512;

/// Circuit indices in display order: front pits 1..8, then back pits 1..8.
const ORDER: [usize; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];

#[inline(always)]
fn next(i: usize, dir: Direction) -> usize {
    match dir {
        Direction::Right => (i + 1) & 15,
        Direction::Left => (i + 15) & 15,
    }
}

/// The kichwa an entry side leads to, and the direction then sown: LEFT enters at pit 1 and
/// sows RIGHT, RIGHT enters at pit 8 and sows LEFT.
#[inline]
fn entry(side: Direction) -> (usize, Direction) {
    match side {
        Direction::Left => (0, Direction::Right),
        Direction::Right => (7, Direction::Left),
    }
}

/// What a (possibly probing) execution ran into.
#[derive(Debug, PartialEq, Eq)]
enum Exec {
    Done,
    /// Probing a move without a house choice, the nyumba choice arose.
    ChoiceArises,
}

impl Position {
    /// Every legal move, each once; `stop` and `use` are two moves where the nyumba choice
    /// arises, and so are `enter-left`/`enter-right` for the learner's entry choice. Empty when
    /// the game is over or the side to move has no move.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.winner.is_some() || self.front_empty(self.turn) {
            return out;
        }
        match self.variant {
            Variant::Kiswahili if self.hand[self.turn.index()] > 0 => self.namua_moves(&mut out),
            Variant::Kiswahili => self.mtaji_moves(&mut out),
            Variant::Kujifunza => self.kujifunza_moves(&mut out),
        }
        out
    }

    /// Plays a legal move, returning the new position and the trace of what happened, or an
    /// error saying why the move is not legal here.
    pub fn play(&self, mv: &Move) -> Result<(Position, Trace), IllegalMove> {
        let legal = self.legal_moves();
        if !legal.contains(mv) {
            return Err(IllegalMove {
                asked: mv.to_string(),
                reason: self.why_illegal(mv, &legal),
                legal: legal.to_vec(),
            });
        }
        let mut next = *self;
        let mut steps = Vec::with_capacity(64);
        next.execute(mv, false, &mut steps);
        Ok((
            next,
            Trace {
                mv: *mv,
                mover: self.turn,
                steps,
            },
        ))
    }

    /// Plays a move known to be legal (one of [`Position::legal_moves`]), without a trace.
    /// The fast path for search and perft; an illegal move gives an unspecified position.
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let mut next = *self;
        next.execute(mv, false, &mut NoTrace);
        next
    }

    /// Resolves what a player wrote to the one legal move it means.
    pub fn find_move(&self, spec: &MoveSpec) -> Result<Move, MoveError> {
        if let Some(w) = self.winner {
            return Err(MoveError::GameOver(w));
        }
        let legal = self.legal_moves();
        let candidates: MoveList = legal.iter().filter(|m| m.matches(spec)).copied().collect();
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => {
                let asked = Move {
                    pit: Pit::new(self.turn, spec.row, spec.number)
                        .unwrap_or(Pit::front(self.turn, 1)),
                    direction: spec.direction,
                    kind: spec.kind.unwrap_or(MoveKind::Takata),
                    house: spec.house,
                    entry: spec.entry,
                };
                let mut shown = asked.to_string();
                if spec.kind.is_none() {
                    // Do not claim a kind the player did not write.
                    shown = shown.replacen(" takata", "", 1);
                }
                Err(IllegalMove {
                    asked: shown,
                    reason: self.why_illegal(&asked, &legal),
                    legal: legal.to_vec(),
                }
                .into())
            }
            _ => Err(AmbiguousMove {
                asked: spec.to_string(),
                candidates: candidates.to_vec(),
            }
            .into()),
        }
    }

    /// Reads a move as a player writes it and plays it.
    pub fn play_text(&self, text: &str) -> Result<(Move, Position, Trace), MoveError> {
        let spec: MoveSpec = text.parse()?;
        let mv = self.find_move(&spec)?;
        let (pos, trace) = self.play(&mv)?;
        Ok((mv, pos, trace))
    }

    /// Whether `side`, if it were to move now, would have any legal move (takasia aside).
    pub(crate) fn has_any_move(&self, side: Side) -> bool {
        if self.front_empty(side) {
            return false;
        }
        let s = side.index();
        if self.variant == Variant::Kiswahili && self.hand[s] > 0 {
            // Namua with an occupied front row always has a capture or a takata.
            return true;
        }
        self.pits[s].iter().any(|&n| n >= 2)
    }

    // ----- move generation -----

    fn namua_moves(&self, out: &mut MoveList) {
        let me = self.turn;
        let mine = &self.pits[me.index()];
        let theirs = &self.pits[(!me).index()];
        for f in 0..8 {
            if mine[f] > 0 && theirs[7 - f] > 0 {
                let sides: &[Direction] = match f {
                    0 | 1 => &[Direction::Left],
                    6 | 7 => &[Direction::Right],
                    _ => &Direction::ALL,
                };
                for &side in sides {
                    let mv = Move::new(Pit::from_index(me, f), side, MoveKind::Capture);
                    self.push_with_house_choice(mv, out);
                }
            }
        }
        if !out.is_empty() {
            return;
        }
        let owned = self.house[me.index()];
        let occupied = mine[..8].iter().filter(|&&n| n > 0).count();
        if owned && occupied == 1 && mine[HOUSE] > 0 {
            // The two-piece start is the only takata.
            for d in Direction::ALL {
                out.push(Move::new(Pit::from_index(me, HOUSE), d, MoveKind::Takata));
            }
            return;
        }
        let allowed = |f: usize| mine[f] > 0 && !(f == HOUSE && owned && mine[f] >= 6);
        let any_two = (0..8).any(|f| allowed(f) && mine[f] >= 2);
        for f in 0..8 {
            if !allowed(f) || (mine[f] == 1 && any_two && !owned) {
                continue;
            }
            self.push_takata(f, occupied, out);
        }
    }

    /// Pushes takata moves from front pit `f` both ways, except toward the back row from a
    /// kichwa that is the only occupied front pit.
    fn push_takata(&self, f: usize, occupied: usize, out: &mut MoveList) {
        for d in Direction::ALL {
            let toward_back = (f == 0 && d == Direction::Left) || (f == 7 && d == Direction::Right);
            if occupied == 1 && toward_back {
                continue;
            }
            out.push(Move::new(
                Pit::from_index(self.turn, f),
                d,
                MoveKind::Takata,
            ));
        }
    }

    /// A namua capture, split into `stop` and `use` if its sowing meets the nyumba choice.
    fn push_with_house_choice(&self, mv: Move, out: &mut MoveList) {
        if self.house[self.turn.index()] {
            let mut probe = *self;
            if probe.execute(&mv, true, &mut NoTrace) == Exec::ChoiceArises {
                for h in [HouseChoice::Stop, HouseChoice::Use] {
                    out.push(Move {
                        house: Some(h),
                        ..mv
                    });
                }
                return;
            }
        }
        out.push(mv);
    }

    fn mtaji_moves(&self, out: &mut MoveList) {
        let me = self.turn;
        let mine = &self.pits[me.index()];
        for &i in &ORDER {
            if (2..=15).contains(&mine[i]) {
                for d in Direction::ALL {
                    if self.capture_end(me, i, d).is_some() {
                        out.push(Move::new(Pit::from_index(me, i), d, MoveKind::Capture));
                    }
                }
            }
        }
        if !out.is_empty() {
            return;
        }
        if (0..8).any(|f| mine[f] >= 2) {
            let occupied = mine[..8].iter().filter(|&&n| n > 0).count();
            for f in 0..8 {
                if mine[f] >= 2 && self.takasia != Some(f as u8) {
                    self.push_takata(f, occupied, out);
                }
            }
        } else {
            for &i in &ORDER[8..] {
                if mine[i] >= 2 {
                    for d in Direction::ALL {
                        out.push(Move::new(Pit::from_index(me, i), d, MoveKind::Takata));
                    }
                }
            }
        }
    }

    fn kujifunza_moves(&self, out: &mut MoveList) {
        let me = self.turn;
        let mine = &self.pits[me.index()];
        for &i in &ORDER {
            if mine[i] >= 2 {
                for d in Direction::ALL {
                    if let Some(end) = self.capture_end(me, i, d) {
                        let mv = Move::new(Pit::from_index(me, i), d, MoveKind::Capture);
                        if (2..=5).contains(&end) {
                            for e in Direction::ALL {
                                out.push(Move {
                                    entry: Some(e),
                                    ..mv
                                });
                            }
                        } else {
                            out.push(mv);
                        }
                    }
                }
            }
        }
        if !out.is_empty() {
            return;
        }
        for &i in &ORDER {
            if mine[i] >= 2 {
                for d in Direction::ALL {
                    out.push(Move::new(Pit::from_index(me, i), d, MoveKind::Takata));
                }
            }
        }
    }

    /// If sowing all seeds of `side`'s pit `i` in `dir` is a capturing start, the front pit
    /// (circuit index) its first run ends in. Kiswahili starts need 2..15 seeds; Kujifunza has
    /// no upper limit.
    #[inline]
    fn capture_end(&self, side: Side, i: usize, dir: Direction) -> Option<usize> {
        let mine = &self.pits[side.index()];
        let n = mine[i] as usize;
        if n < 2 || (self.variant == Variant::Kiswahili && n > 15) {
            return None;
        }
        let offset = (n - 1) % 16 + 1;
        let end = match dir {
            Direction::Right => (i + offset) & 15,
            Direction::Left => (i + 16 - offset) & 15,
        };
        if end >= 8 {
            return None;
        }
        let laps = (n - 1) / 16;
        let before = if end == i { 0 } else { mine[end] as usize } + laps;
        if before > 0 && self.pits[(!side).index()][7 - end] > 0 {
            Some(end)
        } else {
            None
        }
    }

    fn has_capturing_start(&self, side: Side) -> bool {
        (0..16).any(|i| {
            Direction::ALL
                .iter()
                .any(|&d| self.capture_end(side, i, d).is_some())
        })
    }

    // ----- execution -----

    #[inline]
    fn sow<R: Recorder>(
        &mut self,
        s: usize,
        from: usize,
        n: u8,
        dir: Direction,
        rec: &mut R,
    ) -> usize {
        let side = Side::ALL[s];
        let pits = &mut self.pits[s];
        let mut i = from;
        for _ in 0..n {
            i = next(i, dir);
            pits[i] += 1;
            rec.step(Step::Drop {
                pit: Pit::from_index(side, i),
            });
        }
        i
    }

    #[inline]
    fn lose_house<R: Recorder>(&mut self, side: Side, rec: &mut R) {
        if self.house[side.index()] {
            self.house[side.index()] = false;
            rec.step(Step::HouseLost { side });
        }
    }

    fn end_game<R: Recorder>(&mut self, winner: Side, reason: EndReason, rec: &mut R) {
        self.winner = Some(winner);
        self.takasia = None;
        rec.step(Step::GameEnd { winner, reason });
    }

    /// Plays `mv` on `self` (the position it is played in) and hands the turn over.
    fn execute<R: Recorder>(&mut self, mv: &Move, probe: bool, rec: &mut R) -> Exec {
        let me = self.turn;
        let opp = !me;
        let m = me.index();
        let o = opp.index();
        let kiswahili = self.variant == Variant::Kiswahili;
        let namua = kiswahili && self.hand[m] > 0;
        let mtaji = kiswahili && !namua;
        let capturing = mv.kind == MoveKind::Capture;
        let takasia = self.takasia.take().map(|t| t as usize);
        let start = mv.pit.index();
        let mut dir;
        let mut last;
        let mut runs: u32 = 0;
        let mut first_capture = true;

        if namua {
            self.hand[m] -= 1;
            self.pits[m][start] += 1;
            rec.step(Step::AddFromHand { pit: mv.pit });
        }
        if namua && capturing {
            let (kichwa, d) = entry(mv.direction);
            first_capture = false;
            dir = d;
            match self.capture(start, kichwa, d, mtaji, rec) {
                Some(l) => last = l,
                None => return self.finish_ended(),
            }
        } else {
            dir = mv.direction;
            let two_piece = namua
                && start == HOUSE
                && self.house[m]
                && (0..8).all(|f| f == HOUSE || self.pits[m][f] == 0);
            let n = if two_piece { 2 } else { self.pits[m][start] };
            self.pits[m][start] -= n;
            rec.step(Step::Lift {
                pit: mv.pit,
                seeds: n,
                reason: if two_piece {
                    LiftReason::TwoPiece
                } else {
                    LiftReason::Start
                },
                direction: dir,
            });
            if start == HOUSE && self.pits[m][HOUSE] == 0 {
                self.lose_house(me, rec);
            }
            last = self.sow(m, start, n, dir, rec);
        }

        loop {
            let last_pit = Pit::from_index(me, last);
            if self.pits[m][last] == 1 {
                rec.step(Step::EndInEmpty { pit: last_pit });
                break;
            }
            if capturing && last < 8 && self.pits[o][7 - last] > 0 {
                let (kichwa, d) = match last {
                    0 | 1 => (0, Direction::Right),
                    6 | 7 => (7, Direction::Left),
                    _ => match mv.entry {
                        Some(e) if first_capture => entry(e),
                        _ => match dir {
                            Direction::Right => (0, Direction::Right),
                            Direction::Left => (7, Direction::Left),
                        },
                    },
                };
                first_capture = false;
                let target = 7 - last;
                let wins = (0..8).all(|f| f == target || self.pits[o][f] == 0);
                if !wins && runs >= MAX_RUNS {
                    return self.run_limit(rec);
                }
                runs += 1;
                dir = d;
                match self.capture(last, kichwa, d, mtaji, rec) {
                    Some(l) => last = l,
                    None => return self.finish_ended(),
                }
                continue;
            }
            if namua && last == HOUSE && self.house[m] && self.pits[m][HOUSE] >= 6 {
                if !capturing {
                    rec.step(Step::HouseStop { pit: last_pit });
                    break;
                }
                match mv.house {
                    Some(HouseChoice::Use) => {
                        if runs >= MAX_RUNS {
                            return self.run_limit(rec);
                        }
                        runs += 1;
                        let n = self.pits[m][HOUSE];
                        self.pits[m][HOUSE] = 0;
                        rec.step(Step::Lift {
                            pit: last_pit,
                            seeds: n,
                            reason: LiftReason::HouseUse,
                            direction: dir,
                        });
                        self.lose_house(me, rec);
                        last = self.sow(m, HOUSE, n, dir, rec);
                        continue;
                    }
                    Some(HouseChoice::Stop) => {
                        rec.step(Step::HouseChoseStop { pit: last_pit });
                        break;
                    }
                    None if probe => return Exec::ChoiceArises,
                    None => {
                        rec.step(Step::HouseChoseStop { pit: last_pit });
                        break;
                    }
                }
            }
            if mtaji && !capturing && takasia == Some(last) {
                rec.step(Step::TakasiaStop { pit: last_pit });
                break;
            }
            if runs >= MAX_RUNS {
                return self.run_limit(rec);
            }
            runs += 1;
            let n = self.pits[m][last];
            self.pits[m][last] = 0;
            rec.step(Step::Lift {
                pit: last_pit,
                seeds: n,
                reason: LiftReason::Relay,
                direction: dir,
            });
            if last == HOUSE {
                self.lose_house(me, rec);
            }
            last = self.sow(m, last, n, dir, rec);
        }

        // The move ended normally.
        self.turn = opp;
        if self.variant == Variant::Kujifunza && self.front_empty(me) {
            self.end_game(opp, EndReason::FrontRowEmptied, rec);
            return Exec::Done;
        }
        if !self.has_any_move(opp) {
            self.end_game(me, EndReason::NoLegalMove, rec);
            return Exec::Done;
        }
        if mtaji && !capturing && self.rules.has_takasia() {
            if let Some(t) = self.takasia_target(me) {
                self.takasia = Some(t as u8);
                rec.step(Step::TakasiaSet {
                    pit: Pit::from_index(opp, t),
                });
            }
        }
        Exec::Done
    }

    /// Captures the opponent pit facing the mover's front pit `at` and sows its seeds from
    /// `kichwa` in `dir`. Returns the last pit, or `None` when the capture won the game.
    fn capture<R: Recorder>(
        &mut self,
        at: usize,
        kichwa: usize,
        dir: Direction,
        mtaji: bool,
        rec: &mut R,
    ) -> Option<usize> {
        let me = self.turn;
        let opp = !me;
        let (m, o) = (me.index(), opp.index());
        let target = 7 - at;
        let seeds = self.pits[o][target];
        self.pits[o][target] = 0;
        rec.step(Step::Capture {
            from: Pit::from_index(opp, target),
            seeds,
            kichwa: Pit::from_index(me, kichwa),
            direction: dir,
        });
        if target == HOUSE {
            self.lose_house(opp, rec);
        }
        if mtaji {
            self.lose_house(me, rec);
            self.lose_house(opp, rec);
        }
        if self.front_empty(opp) {
            self.end_game(me, EndReason::FrontRowEmptied, rec);
            return None;
        }
        Some(self.sow(m, next(kichwa, dir.reverse()), seeds, dir, rec))
    }

    fn run_limit<R: Recorder>(&mut self, rec: &mut R) -> Exec {
        rec.step(Step::RunLimit);
        let loser = self.turn;
        self.end_game(!loser, EndReason::NeverEndingMove, rec);
        self.finish_ended()
    }

    /// Hands the turn over after a move that ended the game.
    fn finish_ended(&mut self) -> Exec {
        self.turn = !self.turn;
        self.takasia = None;
        Exec::Done
    }

    /// After `p`'s completed mtaji takata (the opponent now to move), the opponent's takasia
    /// target, if docs/rules.md section 6 gives one.
    fn takasia_target(&self, p: Side) -> Option<usize> {
        let q = !p;
        if self.has_capturing_start(q) {
            return None;
        }
        let mut target = None;
        for i in 0..16 {
            for d in Direction::ALL {
                if let Some(end) = self.capture_end(p, i, d) {
                    let t = 7 - end;
                    match target {
                        None => target = Some(t),
                        Some(x) if x != t => return None,
                        _ => {}
                    }
                }
            }
        }
        let t = target?;
        let theirs = &self.pits[q.index()];
        if theirs[t] == 1 {
            return None;
        }
        if (0..8).all(|f| f == t || theirs[f] == 0) {
            return None;
        }
        if (0..8).all(|f| f == t || theirs[f] < 2) {
            return None;
        }
        if t == HOUSE && self.house[q.index()] {
            return None;
        }
        Some(t)
    }

    /// Words for why `mv` is not among `legal`.
    fn why_illegal(&self, mv: &Move, legal: &MoveList) -> IllegalReason {
        if let Some(winner) = self.winner {
            return IllegalReason::GameOver { winner };
        }
        let me = self.turn;
        if mv.pit.side() != me {
            return IllegalReason::NotYourPit {
                pit: mv.pit,
                owner: mv.pit.side(),
                turn: me,
            };
        }
        let n = self.seeds(mv.pit);
        let namua = self.phase() == super::Phase::Namua;
        let any_capture = legal.iter().any(|m| m.kind == MoveKind::Capture);
        let same_start = legal
            .iter()
            .any(|m| m.pit == mv.pit && m.direction == mv.direction && m.kind == mv.kind);
        if same_start {
            if legal
                .iter()
                .any(|m| m.pit == mv.pit && m.direction == mv.direction && m.house.is_some())
                && mv.house.is_none()
            {
                return IllegalReason::HouseChoiceNeeded;
            }
            if mv.house.is_some() {
                return IllegalReason::NoHouseChoice;
            }
            if legal.iter().any(|m| m.pit == mv.pit && m.entry.is_some()) && mv.entry.is_none() {
                return IllegalReason::EntryNeeded;
            }
            return IllegalReason::NoEntryChoice;
        }
        if namua && mv.pit.row() == Row::Back {
            return IllegalReason::NamuaBackPit;
        }
        if n == 0 {
            return IllegalReason::Empty { pit: mv.pit };
        }
        if mv.kind == MoveKind::Takata && any_capture {
            return IllegalReason::CaptureCompulsory;
        }
        if mv.kind == MoveKind::Capture && !any_capture {
            return IllegalReason::NoCapture;
        }
        if mv.kind == MoveKind::Capture {
            return IllegalReason::DoesNotCapture {
                pit: mv.pit,
                direction: mv.direction,
            };
        }
        if !namua && n == 1 {
            return IllegalReason::Single { pit: mv.pit };
        }
        if self.takasia() == Some(mv.pit) {
            return IllegalReason::Takasia { pit: mv.pit };
        }
        if namua && mv.pit.is_house() && self.owns_house(me) && n >= 6 {
            return IllegalReason::OwnedHouse;
        }
        if namua && n == 1 {
            return IllegalReason::NamuaSingle { pit: mv.pit };
        }
        if legal.iter().any(|m| m.pit == mv.pit) {
            return IllegalReason::LoneKichwa {
                pit: mv.pit,
                direction: mv.direction,
            };
        }
        if mv.pit.row() == Row::Back {
            return IllegalReason::BackPit;
        }
        IllegalReason::NotListed
    }
}
