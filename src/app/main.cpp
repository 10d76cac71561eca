// arbiter: play, analyse and research the games of the registry (games/registry.h).
#include <iostream>
#include <string_view>

#include "cli/command.h"
#include "core/text.h"
#include "games/registry.h"

namespace {

// `unknown command 'frobnicate' (commands: play, moves, ...; see arbiter --help)` for a first
// word that is no subcommand, `unknown option '--bogus' (...)` for an option before the command
// that arbiter has not (CLI11 alone would say "A subcommand is required" to both); empty
// otherwise.
std::string unknown_command(int argc, char** argv) {
  using namespace arbiter;
  if (argc < 2) return {};
  const std::string_view first = argv[1];
  if (first.starts_with('-')) {
    for (const char* known : {"-h", "--help", "--version"}) {
      if (first == known) return {};
    }
    return "unknown option " + quote(first) +
           " (before a command arbiter takes only --help and --version; see arbiter --help)";
  }
  std::string names;
  for (const auto& c : cli::commands()) {
    if (std::string_view(argv[1]) == c.name) return {};
    names += (names.empty() ? "" : ", ") + std::string(c.name);
  }
  return "unknown command " + quote(argv[1]) + " (commands: " + names + "; see arbiter --help)";
}

// The games and their parameters, for the end of --help: each game's summary, then its
// parameters' help (from its schema), indented.
std::string games_help() {
  using namespace arbiter;
  std::string out = "Game parameters (key=value words after the game's name):";
  for (const Game* g : all_games()) {
    out += "\n\n" + std::string(g->name()) + ": " + std::string(g->summary());
    for (auto l : split(g->params_help(), "\n")) out += "\n  " + std::string(l);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arbiter;
  CLI::App app{"arbiter: rules, engines and play for " + game_titles() +
               ".\nGames: " + game_names()};
  app.footer(games_help());
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1");
  std::vector<cli::Runner> runners;
  std::vector<CLI::App*> subs;
  for (const auto& c : cli::commands()) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    subs.push_back(sub);
    runners.push_back(c.setup(*sub));
  }
  if (const std::string unknown = unknown_command(argc, argv); !unknown.empty()) {
    return cli::fail(unknown);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (what == "A subcommand is required") what = "a command is required";
    if (what.empty()) what = "bad command line";
    std::string help = "arbiter --help";
    for (const CLI::App* sub : subs) {
      if (sub->parsed()) help = "arbiter " + sub->get_name() + " --help";
    }
    return cli::fail(what + " (see " + help + ")");
  }
  for (std::size_t i = 0; i < subs.size(); ++i) {
    if (subs[i]->parsed()) return runners[i]();
  }
  return 1;
}
