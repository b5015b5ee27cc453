//! Perft counts frozen in `tests/data/perft.txt`.

use bao_bot::rules::{perft, Position, Variant};

/// The largest count run in tests (the deeper entries are for `bao-bot perft` by hand).
const MAX_NODES: u64 = 3_000_000;

struct Entry {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn read_entries() -> Vec<Entry> {
    let text = include_str!("../data/perft.txt");
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("key value");
        match key {
            "id" => entries.push(Entry {
                id: value.to_string(),
                position: Position::default(),
                counts: Vec::new(),
            }),
            "position" => {
                let entry = entries.last_mut().expect("id first");
                entry.position = match value {
                    "start" => Position::start(Variant::Kiswahili),
                    "kujifunza" => Position::start(Variant::Kujifunza),
                    text => text
                        .parse()
                        .unwrap_or_else(|e| panic!("line {}: {e}", n + 1)),
                };
            }
            "perft" => {
                let (d, c) = value.split_once(' ').expect("depth count");
                let entry = entries.last_mut().expect("id first");
                entry
                    .counts
                    .push((d.parse().expect("depth"), c.parse().expect("count")));
            }
            other => panic!("line {}: unknown key {other}", n + 1),
        }
    }
    entries
}

#[test]
fn perft_counts_match_the_frozen_table() {
    let entries = read_entries();
    assert!(entries.len() >= 6);
    let mut checked = 0;
    for entry in &entries {
        for &(depth, expected) in &entry.counts {
            if expected > MAX_NODES {
                continue;
            }
            assert_eq!(
                perft(&entry.position, depth),
                expected,
                "{} perft {depth}",
                entry.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
fn perft_depth_zero_and_finished_games() {
    let start = Position::default();
    assert_eq!(perft(&start, 0), 1);
    let over: Position = "variant=kiswahili turn=N hand=9,10 house=- takasia=- A=0,0,0,3,0,0,0,0 B=5,5,5,5,0,0,0,0 a=0,0,0,0,0,0,0,0 b=4,4,4,4,3,0,0,0 winner=S"
        .parse()
        .expect("finished position");
    assert_eq!(perft(&over, 0), 1);
    assert_eq!(perft(&over, 1), 0);
    assert_eq!(perft(&over, 3), 0);
}
