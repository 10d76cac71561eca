// arbiter: play, analyse and research Traverse, The Travelers and Trap.
#include <iostream>

#include "cli/command.h"
#include "games/registry.h"

int main(int argc, char** argv) {
  using namespace arbiter;
  CLI::App app{"arbiter: rules, engines and play for Traverse, The Travelers and Trap.\nGames: " +
               game_names()};
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1");
  std::vector<cli::Runner> runners;
  std::vector<CLI::App*> subs;
  for (const auto& c : cli::commands()) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    subs.push_back(sub);
    runners.push_back(c.setup(*sub));
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
    if (what.empty()) what = "bad command line";
    return cli::fail(what + " (see arbiter --help)");
  }
  for (std::size_t i = 0; i < subs.size(); ++i) {
    if (subs[i]->parsed()) return runners[i]();
  }
  return 1;
}
