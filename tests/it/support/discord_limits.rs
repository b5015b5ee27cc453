//! Discord's request validation, as the loopback stand-in applies it: command
//! registrations, messages, interaction answers and thread names.
//!
//! The numbers and most checks are `twilight-validate`'s (a maintained validator of
//! Discord's documented limits), run on the request's JSON read into `twilight-model`'s
//! types; what that crate leaves out (the names, descriptions and choice counts of
//! subcommands and groups, the number of global commands, attachments) is checked here with
//! its constants. A fault is reported the way Discord does (400, code 50035 "Invalid Form
//! Body", with the path of each error).

use serde_json::{json, Value};
use twilight_model::application::command::{
    Command, CommandOption, CommandOptionChoiceValue, CommandOptionType, CommandType,
};
use twilight_model::channel::message::Component;
use twilight_validate::command as cmd;
use twilight_validate::message as msg;

/// Most global chat commands an application may register.
pub const GLOBAL_COMMANDS_MAX: usize = 100;
/// Most attachments in one message.
pub const ATTACHMENTS_MAX: usize = 10;
/// Upload limit per file when the interaction does not say (10 MiB).
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;
/// Thread names: 1 to 100 characters.
pub const THREAD_NAME_MAX: usize = 100;

/// One error in a refused request: where, Discord's code, and its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// Dot-separated path in the request body (`0.options.3.description`).
    pub path: String,
    /// Discord's error code for it (`BASE_TYPE_MAX_LENGTH`).
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
}

impl Fault {
    fn new(path: impl Into<String>, code: &'static str, message: impl Into<String>) -> Fault {
        Fault {
            path: path.into(),
            code,
            message: message.into(),
        }
    }
}

/// The size of one registered top-level command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandBudget {
    /// Its name.
    pub name: String,
    /// Its options (subcommands and groups included), at most 25.
    pub options: usize,
    /// Its characters as Discord's 4,000 counts them (twilight-validate's count: names,
    /// descriptions, string choices' names and values).
    pub characters: usize,
    /// The same, also counting the names of integer choices (a safe upper bound).
    pub all_characters: usize,
    /// Where it can be installed (`integration_types`: 0 server, 1 user); Discord's default
    /// when left out is the server alone.
    pub integration_types: Vec<u64>,
    /// Where it can be used (`contexts`: 0 server, 1 the bot's DMs, 2 DMs and group DMs
    /// between people); left out, every context its installs allow.
    pub contexts: Vec<u64>,
}

/// Most values in `integration_types` (0 server, 1 user) and `contexts` (0 server, 1 the
/// bot's DMs, 2 private channels).
const INTEGRATION_TYPES: [u64; 2] = [0, 1];
const CONTEXTS: [u64; 3] = [0, 1, 2];

/// A command's `integration_types` and `contexts` as Discord reads them: known values only,
/// no repeats, not empty when given, and the private-channel context (2) only for a command
/// a user can install (1). Returns both, with Discord's defaults where left out.
fn install_fields(item: &Value, faults: &mut Vec<Fault>) -> (Vec<u64>, Vec<u64>) {
    let mut read = |key: &str, known: &[u64]| -> Option<Vec<u64>> {
        let v = item.get(key).filter(|v| !v.is_null())?;
        let Some(list) = v.as_array() else {
            faults.push(Fault::new(key, "BASE_TYPE_ARRAY", "Must be a list"));
            return None;
        };
        let values: Vec<u64> = list.iter().filter_map(Value::as_u64).collect();
        if values.len() != list.len() || values.iter().any(|x| !known.contains(x)) {
            faults.push(Fault::new(
                key,
                "BASE_TYPE_CHOICES",
                format!("Value must be one of {known:?}."),
            ));
        }
        let mut unique = values.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.len() != values.len() || values.is_empty() {
            faults.push(Fault::new(
                key,
                "BASE_TYPE_BAD_LENGTH",
                "Must be a non-empty list of distinct values.",
            ));
        }
        Some(values)
    };
    let integration_types = read("integration_types", &INTEGRATION_TYPES).unwrap_or(vec![0]);
    let contexts = read("contexts", &CONTEXTS);
    if contexts.as_ref().is_some_and(|c| c.contains(&2)) && !integration_types.contains(&1) {
        faults.push(Fault::new(
            "contexts",
            "APPLICATION_COMMAND_INVALID_CONTEXT",
            "The PRIVATE_CHANNEL context needs the USER_INSTALL integration type.",
        ));
    }
    let contexts = contexts.unwrap_or_else(|| {
        if integration_types.contains(&1) {
            vec![0, 1, 2]
        } else {
            vec![0, 1]
        }
    });
    (integration_types, contexts)
}

/// `type` of an Entry Point command (`PRIMARY_ENTRY_POINT`), which twilight-model 0.16 reads
/// as `Unknown(4)`.
pub const PRIMARY_ENTRY_POINT: u8 = 4;

/// An Entry Point command's own rules (Discord's application commands docs, "Entry Point
/// Commands"; twilight-validate knows none of them, and would refuse its description): a
/// chat-input name and a description of 1 to 100 characters, no options, and a `handler` of
/// 1 (`APP_HANDLER`) or 2 (`DISCORD_LAUNCH_ACTIVITY`).
fn entry_point(command: &Command, item: &Value, faults: &mut Vec<Fault>) {
    if let Err(e) = cmd::chat_input_name(&command.name) {
        faults.push(Fault::new("name", "INVALID_COMMAND_NAME", e.to_string()));
    }
    if let Err(e) = cmd::description(&command.description) {
        faults.push(Fault::new(
            "description",
            "BASE_TYPE_BAD_LENGTH",
            e.to_string(),
        ));
    }
    if !command.options.is_empty() {
        faults.push(Fault::new(
            "options",
            "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED",
            "An Entry Point command takes no options.",
        ));
    }
    if !matches!(item.get("handler").and_then(Value::as_u64), Some(1 | 2)) {
        faults.push(Fault::new(
            "handler",
            "BASE_TYPE_CHOICES",
            "Value must be one of (1, 2).",
        ));
    }
}

/// The body Discord answers a refused request with.
pub fn invalid_form_body(faults: &[Fault]) -> Value {
    let mut errors = json!({});
    for f in faults {
        let mut at = &mut errors;
        for part in f.path.split('.').filter(|p| !p.is_empty()) {
            at = at
                .as_object_mut()
                .expect("an object")
                .entry(part.to_string())
                .or_insert_with(|| json!({}));
        }
        let list = at
            .as_object_mut()
            .expect("an object")
            .entry("_errors")
            .or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(json!({ "code": f.code, "message": f.message }));
        }
    }
    json!({ "code": 50035, "message": "Invalid Form Body", "errors": errors })
}

/// Checks a bulk registration (`PUT .../commands`, a list of commands) against every
/// documented limit; on success, each command's budget.
pub fn registration(list: &Value) -> Result<Vec<CommandBudget>, Vec<Fault>> {
    let Some(items) = list.as_array() else {
        return Err(vec![Fault::new("", "BASE_TYPE_ARRAY", "Must be a list")]);
    };
    let mut faults = Vec::new();
    let mut budgets = Vec::new();
    if items.len() > GLOBAL_COMMANDS_MAX {
        faults.push(Fault::new(
            "",
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {GLOBAL_COMMANDS_MAX} or fewer in length."),
        ));
    }
    let entry_points = items
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_u64) == Some(4))
        .count();
    if entry_points > 1 {
        faults.push(Fault::new(
            "",
            "APPLICATION_COMMANDS_MULTIPLE_ENTRY_POINTS",
            "An application can only have one Entry Point command.",
        ));
    }
    for (i, item) in items.iter().enumerate() {
        match command(item) {
            Ok(budget) => budgets.push(budget),
            Err(mut f) => {
                for fault in &mut f {
                    fault.path = format!("{i}{}{}", dot(&fault.path), fault.path);
                }
                faults.extend(f);
            }
        }
    }
    if faults.is_empty() {
        Ok(budgets)
    } else {
        Err(faults)
    }
}

fn dot(path: &str) -> &'static str {
    if path.is_empty() {
        ""
    } else {
        "."
    }
}

/// Checks one command; paths are relative to it.
pub fn command(item: &Value) -> Result<CommandBudget, Vec<Fault>> {
    // What Discord adds on its side, so the request reads as a command object.
    let mut full = item.clone();
    if let Some(o) = full.as_object_mut() {
        o.entry("version").or_insert(json!("1"));
        o.entry("type").or_insert(json!(1));
        o.entry("default_member_permissions").or_insert(Value::Null);
    }
    let command: Command = serde_json::from_value(full)
        .map_err(|e| vec![Fault::new("", "MODEL_TYPE_CONVERT", e.to_string())])?;
    let mut faults = Vec::new();
    let characters = cmd::command_characters(&command);
    if characters > cmd::COMMAND_TOTAL_LENGTH {
        faults.push(Fault::new(
            "",
            "APPLICATION_COMMAND_TOO_LARGE",
            format!(
                "Command exceeds maximum size ({characters} characters, at most {})",
                cmd::COMMAND_TOTAL_LENGTH
            ),
        ));
    }
    // (twilight-validate's own check repeats the size, already reported above.)
    if command.kind == CommandType::Unknown(PRIMARY_ENTRY_POINT) {
        entry_point(&command, item, &mut faults);
    } else if characters <= cmd::COMMAND_TOTAL_LENGTH {
        if let Err(e) = cmd::command(&command) {
            faults.push(Fault::new("", "INVALID_COMMAND", e.to_string()));
        }
    }
    if let Err(e) = cmd::options(&command.options) {
        faults.push(Fault::new("options", "INVALID_OPTIONS", e.to_string()));
    }
    walk_options(&command.options, "options", &mut faults);
    localizations(item, "", &mut faults);
    let (integration_types, contexts) = install_fields(item, &mut faults);
    if !faults.is_empty() {
        return Err(faults);
    }
    Ok(CommandBudget {
        name: command.name.clone(),
        options: command.options.len(),
        characters,
        integration_types,
        contexts,
        all_characters: all_characters(&command),
    })
}

/// Discord's locales (docs.discord.com/developers/reference#locales): the only keys a
/// `name_localizations` or `description_localizations` may have. Swahili is not one.
pub const DISCORD_LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Every `*_localizations` map anywhere in `v` has only Discord's locales as keys.
fn localizations(v: &Value, path: &str, faults: &mut Vec<Fault>) {
    match v {
        Value::Object(map) => {
            for (key, value) in map {
                let here = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                if let (true, Value::Object(locales)) = (key.ends_with("_localizations"), value) {
                    for locale in locales.keys() {
                        if !DISCORD_LOCALES.contains(&locale.as_str()) {
                            faults.push(Fault::new(
                                format!("{here}.{locale}"),
                                "LOCALE_INVALID",
                                format!("Invalid locale: {locale}"),
                            ));
                        }
                    }
                }
                localizations(value, &here, faults);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                localizations(item, &format!("{path}.{i}"), faults);
            }
        }
        _ => {}
    }
}

/// What `twilight-validate` leaves out below the top level: every option's, subcommand's
/// and group's name and description, and how many options and choices each holds.
fn walk_options(options: &[CommandOption], path: &str, faults: &mut Vec<Fault>) {
    if options.len() > cmd::OPTIONS_LIMIT {
        faults.push(Fault::new(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {} or fewer in length.", cmd::OPTIONS_LIMIT),
        ));
    }
    for (i, o) in options.iter().enumerate() {
        let here = format!("{path}.{i}");
        if let Err(e) = cmd::option_name(&o.name) {
            faults.push(Fault::new(
                format!("{here}.name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                e.to_string(),
            ));
        }
        let len = o.description.chars().count();
        if !(cmd::OPTION_DESCRIPTION_LENGTH_MIN..=cmd::OPTION_DESCRIPTION_LENGTH_MAX).contains(&len)
        {
            faults.push(Fault::new(
                format!("{here}.description"),
                "BASE_TYPE_BAD_LENGTH",
                format!(
                    "Must be between {} and {} in length ({len}).",
                    cmd::OPTION_DESCRIPTION_LENGTH_MIN,
                    cmd::OPTION_DESCRIPTION_LENGTH_MAX
                ),
            ));
        }
        if let Some(choices) = &o.choices {
            if choices.len() > cmd::CHOICES_LIMIT {
                faults.push(Fault::new(
                    format!("{here}.choices"),
                    "BASE_TYPE_MAX_LENGTH",
                    format!("Must be {} or fewer in length.", cmd::CHOICES_LIMIT),
                ));
            }
            for (j, c) in choices.iter().enumerate() {
                if let Err(e) = cmd::choice(c) {
                    faults.push(Fault::new(
                        format!("{here}.choices.{j}"),
                        "BASE_TYPE_BAD_LENGTH",
                        e.to_string(),
                    ));
                }
            }
        }
        if let Some(sub) = &o.options {
            walk_options(sub, &format!("{here}.options"), faults);
        }
    }
}

/// Characters counted as twilight-validate does, plus integer and number choices' names.
fn all_characters(command: &Command) -> usize {
    fn option(o: &CommandOption) -> usize {
        let mut n = o.name.len() + o.description.len();
        for c in o.choices.iter().flatten() {
            n += c.name.len();
            if let CommandOptionChoiceValue::String(v) = &c.value {
                n += v.len();
            }
        }
        if matches!(
            o.kind,
            CommandOptionType::SubCommand | CommandOptionType::SubCommandGroup
        ) {
            n += o.options.iter().flatten().map(option).sum::<usize>();
        }
        n
    }
    command.name.len()
        + command.description.len()
        + command.options.iter().map(option).sum::<usize>()
}

/// Checks a message body (a new message, an edit, a followup, or an interaction answer's
/// `data`) and its files against Discord's limits for messages. `upload_limit` is the most
/// bytes one file may hold.
pub fn message(body: &Value, files: &[(String, usize)], upload_limit: u64) -> Vec<Fault> {
    let mut faults = Vec::new();
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        if let Err(e) = msg::content(content) {
            faults.push(Fault::new("content", "BASE_TYPE_MAX_LENGTH", e.to_string()));
        }
    }
    if let Some(components) = body.get("components").filter(|c| !c.is_null()) {
        match serde_json::from_value::<Vec<Component>>(components.clone()) {
            Ok(list) => {
                if let Err(e) = msg::components(&list) {
                    faults.push(Fault::new("components", "COMPONENT_INVALID", e.to_string()));
                }
                // Discord wants 1 to 100 characters; twilight-validate checks only the 100.
                if empty_custom_id(components) {
                    faults.push(Fault::new(
                        "components",
                        "BASE_TYPE_BAD_LENGTH",
                        "custom_id: Must be between 1 and 100 in length.",
                    ));
                }
            }
            Err(e) => faults.push(Fault::new(
                "components",
                "MODEL_TYPE_CONVERT",
                e.to_string(),
            )),
        }
    }
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        if embeds.len() > msg::EMBED_COUNT_LIMIT {
            faults.push(Fault::new(
                "embeds",
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {} or fewer in length.", msg::EMBED_COUNT_LIMIT),
            ));
        }
    }
    let listed = body
        .get("attachments")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if files.len().max(listed) > ATTACHMENTS_MAX {
        faults.push(Fault::new(
            "attachments",
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {ATTACHMENTS_MAX} or fewer in length."),
        ));
    }
    for (i, (name, size)) in files.iter().enumerate() {
        if *size as u64 > upload_limit {
            faults.push(Fault::new(
                format!("files.{i}"),
                "BASE_TYPE_MAX_LENGTH",
                format!("{name}: {size} bytes, more than the upload limit of {upload_limit}"),
            ));
        }
    }
    faults
}

/// Whether a component (at any depth) has an empty `custom_id`.
fn empty_custom_id(v: &Value) -> bool {
    match v {
        Value::Object(map) => {
            map.get("custom_id").and_then(Value::as_str) == Some("")
                || map.values().any(empty_custom_id)
        }
        Value::Array(items) => items.iter().any(empty_custom_id),
        _ => false,
    }
}

/// Checks an interaction callback body (`{type, data}`): its message, or its autocomplete
/// choices.
pub fn callback(body: &Value, files: &[(String, usize)], upload_limit: u64) -> Vec<Fault> {
    let Some(data) = body.get("data").filter(|d| !d.is_null()) else {
        return Vec::new();
    };
    if body.get("type").and_then(Value::as_u64) == Some(8) {
        let mut faults = Vec::new();
        let choices = data
            .get("choices")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if choices.len() > cmd::CHOICES_LIMIT {
            faults.push(Fault::new(
                "data.choices",
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {} or fewer in length.", cmd::CHOICES_LIMIT),
            ));
        }
        for (i, c) in choices.iter().enumerate() {
            let name = c.get("name").and_then(Value::as_str).unwrap_or("");
            let value = c.get("value").and_then(Value::as_str).unwrap_or("x");
            let (n, v) = (name.chars().count(), value.chars().count());
            if !(1..=cmd::OPTION_CHOICE_NAME_LENGTH_MAX).contains(&n)
                || !(1..=cmd::OPTION_CHOICE_STRING_VALUE_LENGTH_MAX).contains(&v)
            {
                faults.push(Fault::new(
                    format!("data.choices.{i}"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                ));
            }
        }
        return faults;
    }
    message(data, files, upload_limit)
        .into_iter()
        .map(|mut f| {
            f.path = format!("data.{}", f.path);
            f
        })
        .collect()
}

/// Checks the name of a thread being opened or renamed.
pub fn thread_name(name: Option<&str>, required: bool) -> Vec<Fault> {
    match name {
        None if !required => Vec::new(),
        Some(n) if (1..=THREAD_NAME_MAX).contains(&n.chars().count()) => Vec::new(),
        _ => vec![Fault::new(
            "name",
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between 1 and {THREAD_NAME_MAX} in length."),
        )],
    }
}
