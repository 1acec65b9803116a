"""`companion games ...`: the history of logged games, their export and import, statistics."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.cli.errors import CommandError
from companion.cli.paths import output_file
from companion.jsonread import quoted
from companion.plugins import games as installed_games

__all__ = ["register"]


def _store(args: argparse.Namespace) -> Any:
    from companion.cli.registry import data_sources
    from companion.storage import GameStore, default_store_path

    path = Path(args.store) if args.store else default_store_path()
    return GameStore(path, sources=data_sources(args))       # StoreUnusable: one line and exit status 4


def _game_id(store: Any, text: str) -> int:
    from companion.storage import GameNotFound

    try:
        game_id = int(text)
        store.game(game_id)
    except ValueError:
        raise CommandError(f"a game id is a number, got {quoted(str(text))}") from None
    except GameNotFound as error:
        raise CommandError(str(error)) from None
    return game_id


def _won_by(sheet: dict[str, Any]) -> str:
    """``won by Anna``; in a team variant (Armada's) the winning team and its total,
    ``won by team Anna + Boris (102)`` (each team when they share the victory)."""
    teams = [team for team in sheet.get("teams", []) if team["rank"] == 1]     # a sheet's teams ranked first
    if teams:
        names = ", ".join(" + ".join(team["players"]) for team in teams)
        return f"won by team{'s' if len(teams) > 1 else ''} {names} ({teams[0]['total']})"
    return f"won by {', '.join(sheet['winners'])}"


def run_list(args: argparse.Namespace) -> int:
    """One line per game, newest first."""
    with _store(args) as store:
        games = store.games()
        if args.json:
            print(json.dumps([{"id": g.id, "uuid": g.uuid, "started_at": g.started_at, "finished_at": g.finished_at,
                               "status": g.status, "corrected": g.corrected, "players": g.players,
                               "winners": g.sheet["winners"] if g.sheet else []} for g in games], indent=1,
                             ensure_ascii=False))
            return 0
        if not games:
            print(f"no games in {store.path}")
        for game in games:
            names = ", ".join(f"{p['name']} ({' '.join(filter(None, (p['wonder'], p['side'])))})" for p in game.players)
            result = _won_by(game.sheet) if game.sheet else "being played"
            flag = " [corrected]" if game.corrected else ""
            print(f"{game.id:>4}  {game.started_at[:16].replace('T', ' ')}  {result}{flag}: {names}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """The score sheet and cities of one game."""
    from companion.cli.registry import games_commands_for

    with _store(args) as store:
        game_id = _game_id(store, args.id)
        summary = store.game(game_id)
        state = store.state(game_id)
        if args.json:
            print(json.dumps({"id": game_id, "uuid": summary.uuid, "status": summary.status,
                              "corrected": summary.corrected, "table": state.document, "sheet": summary.sheet,
                              "events": len(store.events(game_id))}, indent=1, ensure_ascii=False))
            return 0
        print(f"Game {game_id} ({summary.status}{', corrected' if summary.corrected else ''}), started "
              f"{summary.started_at}")
        print(games_commands_for(state.document).show(state))
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write games as JSON, CSV or BG Stats plays."""
    from companion.safewrite import OutputRefused, check_output, store_files, write_atomic
    from companion.storage import StoreError, StoreUnusable
    from companion.storage.exchange import BGSTATS_CANNOT_CARRY, bgstats_url, export_bgstats, export_csv, export_json

    out = output_file(args.out) if args.out else None
    with _store(args) as store:
        protected = store_files(store.path)
        try:
            if out is not None:
                check_output(out, protected)            # before any work: never the game log itself
        except OutputRefused as error:
            raise CommandError(str(error)) from None
        ids = [g.id for g in store.games()] if args.all else [_game_id(store, args.id)]
        try:
            if args.format == "csv":
                text = export_csv(store, ids)
            elif args.format == "json":
                games = [export_json(store, i) for i in ids]
                text = json.dumps(games if args.all else games[0], indent=1, ensure_ascii=False) + "\n"
            else:
                plays = [export_bgstats(store, i) for i in ids if store.game(i).sheet is not None]
                entries = [{"play": play, "url": bgstats_url(play)} for play in plays]
                text = json.dumps(entries if args.all else entries[0], indent=1, ensure_ascii=False) + "\n"
                print("note: BG Stats cannot hold " + "; ".join(BGSTATS_CANNOT_CARRY), file=sys.stderr)
        except StoreUnusable:
            raise
        except StoreError as error:
            raise CommandError(str(error)) from None
    if out is not None:
        try:                                         # as written: CSV keeps its CR LF line ends
            write_atomic(out, text.encode("utf-8"), protected=protected)
        except OutputRefused as error:
            raise CommandError(str(error)) from None
        print(f"wrote {args.out}")
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Import games exported as JSON, all or none: a bad file changes nothing."""
    from companion.storage.exchange import ImportRefused, import_games, read_import_file

    with _store(args) as store:
        try:
            ids = import_games(store, read_import_file(args.file))
        except ImportRefused as error:
            for problem in error.problems:
                print(f"error: {problem}", file=sys.stderr)
            print(f"nothing imported from {args.file}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps({"imported": ids}))
        return 0
    print(f"imported {len(ids)} game{'s' if len(ids) != 1 else ''}: {', '.join(map(str, ids))}")
    return 0


def run_add(args: argparse.Namespace) -> int:
    """Log a finished table (a table file of any game: 7 Wonders, Architects) as a game, all or nothing;
    the same finished table twice only with --again."""
    from companion.cli.registry import GAMES_COMMANDS, games_commands_for
    from companion.storage import DuplicateGame

    read = next(game.read_document for game in GAMES_COMMANDS.values() if game.read_document is not None)
    document = read(args.table)                             # read once, within its size limit
    game = games_commands_for(document)
    with _store(args) as store:
        try:
            game_id = game.add(store, args, document)
        except DuplicateGame as error:
            raise CommandError(f"{args.table}: {error} (the same players, {game.twin}); add --again to log it as "
                               f"another game") from None
        sheet = store.game(game_id).sheet
    if args.json:
        print(json.dumps({"game": game_id, "winners": sheet["winners"]}, ensure_ascii=False))
        return 0
    print(f"logged game {game_id}; {_won_by(sheet)}")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """Wins and averages per player and per wonder, averages per category, score distribution; then the
    other games' own (Architects')."""
    from companion.cli.registry import GAMES_COMMANDS
    from companion.storage.stats import statistics

    with _store(args) as store:
        stats = statistics(store)
        others = {key: (game.title, game.statistics(store)) for key, game in GAMES_COMMANDS.items()
                  if game.statistics is not None}
    others = {key: (title, found) for key, (title, found) in others.items() if found["games"]}
    if args.json:
        print(json.dumps({**stats.to_json(), **{key: found for key, (_, found) in others.items()}},
                         indent=1, ensure_ascii=False))
        return 0
    document = stats.to_json()
    print(_finished_games(stats.games))
    _print_standings(document, best=True)
    print("\nAverage per category: " + ", ".join(f"{k} {v:.1f}" for k, v in document["category_averages"].items()))
    print("Totals: " + ", ".join(f"{k}: {v}" for k, v in document["score_distribution"].items()))
    for title, found in others.values():
        print(f"\n{title}: {_finished_games(found['games'])}")
        _print_standings(found, best=False)
    return 0


def run_rename_player(args: argparse.Namespace) -> int:
    """A player's new name: the games to come under it keep the player's id (BG Stats keeps one player)."""
    from companion.storage.player_ids import rename_player

    with _store(args) as store:
        try:
            kept = rename_player(store, args.old, args.new)
        except ValueError as error:
            raise CommandError(str(error)) from None
    print(f"{args.new.strip()} is now the player who played as {args.old.strip()} (player id {kept}, kept in "
          "exports); games already logged keep the name they were played under")
    return 0


def _finished_games(count: int) -> str:
    return f"{count} finished game{'s' if count != 1 else ''}"


def _print_standings(document: dict[str, Any], *, best: bool) -> None:
    """Games, wins, win rate and average (and the best total) per player and per wonder."""
    for title, key in (("Player", "players"), ("Wonder", "wonders")):
        print(f"\n{title:<22} {'games':>5} {'wins':>5} {'win %':>6} {'average':>8}" + (f" {'best':>5}" if best else ""))
        for name, row in document[key].items():
            print(f"{name:<22} {row['games']:>5} {row['wins']:>5} {row['win_rate'] * 100:>5.0f}% "
                  f"{row['average']:>8.1f}" + (f" {row['best']:>5}" if best else ""))


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `games` and its subcommands to the `companion` parser."""
    games = commands.add_parser("games", help="the log of games played: history, export, import, statistics, "
                                                   "renaming a player")
    store_help = "the game log (default: $COMPANION_STORE, else the user data folder)"
    games.add_argument("--store", metavar="FILE", help=store_help)
    actions = games.add_subparsers(dest="action", metavar="ACTION", required=True)
    # each subcommand takes --store too: `games list --store FILE` as well as `games --store FILE list`
    store = argparse.ArgumentParser(add_help=False)
    store.add_argument("--store", metavar="FILE", default=argparse.SUPPRESS, help=store_help)
    listing = actions.add_parser("list", parents=[store], help="every game, newest first")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=run_list)
    show = actions.add_parser("show", parents=[store], help="one game's cities and score sheet")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")
    show.set_defaults(run=run_show)
    export = actions.add_parser("export", parents=[store],
                              help="write games as JSON, CSV or BG Stats plays")
    target = export.add_mutually_exclusive_group(required=True)
    target.add_argument("id", nargs="?")
    target.add_argument("--all", action="store_true")
    export.add_argument("--format", choices=("json", "csv", "bgstats"), default="json")
    export.add_argument("--out", metavar="FILE", help="write to a file instead of the terminal")
    export.set_defaults(run=run_export)
    importing = actions.add_parser("import", parents=[store],
                              help="import games exported as JSON (checked; a bad file changes nothing)")
    importing.add_argument("file")
    importing.add_argument("--json", action="store_true", help='print {"imported": [ids]}')
    importing.set_defaults(run=run_import)
    names = " or ".join(info.name for info in installed_games() if not info.is_expansion)
    add = actions.add_parser("add", parents=[store], help=f"log a finished table from its table file ({names})")
    add.add_argument("table", metavar="TABLE.json")
    add.add_argument("--json", action="store_true", help='print {"game": id, "winners": [names]}')
    add.add_argument("--again", action="store_true",
                     help="log it even when the very same finished table is already in the log")
    add.set_defaults(run=run_add)
    stats = actions.add_parser("stats", parents=[store],
                              help="wins and averages per player and wonder, category averages")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(run=run_stats)
    rename = actions.add_parser("rename-player", parents=[store],
                                help="give a player a new name for the games to come, keeping their player id "
                                     "(BG Stats exports go on naming the same player)")
    rename.add_argument("old", metavar="OLD", help="the name the player has played under")
    rename.add_argument("new", metavar="NEW", help="the name to set the player up under from now on")
    rename.set_defaults(run=run_rename_player)
