//! The command table (`bao_bot::app::COMMANDS`) against everything that lists commands: the
//! console's parser, the Discord registration, `/bao help` and the README.

use bao_bot::app::{subcommands, App, Command, ManualClock, Settings, User, COMMANDS};
use bao_bot::console::command_line;
use bao_bot::discord::registered_commands;
use bao_bot::store::{Place, Store};
use std::sync::Arc;

#[test]
fn every_row_types_as_its_command() {
    let mut names = Vec::new();
    for row in COMMANDS {
        let cmd = command_line(row.example, &mut |name| User::new(77, name))
            .unwrap_or_else(|e| panic!("`{}` does not parse: {e}", row.example));
        // The parser reads `settings set KEY VALUE` as a setting change; the row is the list.
        assert_eq!(cmd.name(), row.name, "`{}`", row.example);
        assert!(!row.summary.is_empty());
        names.push(row.name);
    }
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "a name twice: {names:?}");
}

#[test]
fn discord_registers_exactly_the_table() {
    // Each registered command is a row's slash command, or a subcommand of a row's family
    // (`bao-tournament join`); each row's slash command is registered.
    let registered = registered_commands();
    for name in &registered {
        assert!(
            COMMANDS
                .iter()
                .any(|c| *name == c.slash || name.starts_with(&format!("{} ", c.slash))),
            "`/{name}` is registered but no row of the table has it"
        );
    }
    for row in COMMANDS {
        assert!(
            registered
                .iter()
                .any(|n| *n == row.slash || n.starts_with(&format!("{} ", row.slash))),
            "`/{}` ({}) is in the table but not registered",
            row.slash,
            row.name
        );
        assert!(
            row.example.starts_with(&format!("/{}", row.slash)),
            "`{}` does not type `/{}`",
            row.example,
            row.slash
        );
    }
}

#[test]
fn help_names_every_command() {
    let app = App::new(
        Arc::new(Store::open_in_memory().expect("store")),
        Arc::new(ManualClock::new(0)),
        Settings::default(),
    );
    let place = Place::Dm { user: 1 };
    let help = app
        .handle(&User::new(1, "Asha"), &place, Command::Help)
        .expect("help")
        .reply
        .text;
    // `/bao help` is the text itself; topics are named by their option.
    for row in COMMANDS.iter().filter(|c| c.name != "help") {
        let named = if row.slash == "bao help" {
            format!("topic:{}", row.name)
        } else {
            format!("/{}", row.slash)
        };
        assert!(
            help.contains(&named),
            "/bao help does not name `{named}` ({})",
            row.name
        );
    }
}

#[test]
fn the_readme_lists_the_table() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("The bot registers these commands: ")
        .expect("the README's command list");
    let list = &readme[start..];
    let list = &list[..list.find(';').expect("the list ends with `;`")];
    let named: Vec<&str> = list.split('`').skip(1).step_by(2).collect();
    let mut table: Vec<String> = Vec::new();
    for c in COMMANDS {
        let typed = format!("/{}", c.slash);
        if !table.contains(&typed) {
            table.push(typed);
        }
    }
    assert_eq!(named, table, "the README's list, in the table's order");
    assert_eq!(subcommands(), table.join(", "));
}
