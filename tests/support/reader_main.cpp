// assay-test-reader: an external RAG system for the `command` reader's tests. Reads JSONL
// requests on stdin and answers each with {"id", "answer": "CMD: <query>", "context_ids":
// ["cmd-<first context id>"], "trace"}, replying to every second pair in reverse order
// (tests matching by id). A query containing CRASH makes it exit with code 3 after writing
// to stderr; GARBAGE makes it print a line that is not JSON; "PRINTENV NAME" answers "NAME set" or
// "NAME unset" at once (what the program's environment holds). A reply held back is sent when
// no further request arrives within 50 ms.
#include <nlohmann/json.hpp>

#include <poll.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int main()
{
    std::vector<nlohmann::json> held;
    std::string line;
    for (;;) {
        if (!held.empty() && std::cin.rdbuf()->in_avail() <= 0) {
            pollfd in{STDIN_FILENO, POLLIN, 0};
            if (poll(&in, 1, 50) == 0) {
                std::cout << held[0].dump() << std::endl;
                held.clear();
            }
        }
        if (!std::getline(std::cin, line))
            break;
        const auto request = nlohmann::json::parse(line, nullptr, false);
        if (request.is_discarded())
            continue;
        const std::string query = request.value("query", std::string());
        if (query.find("CRASH") != std::string::npos) {
            std::cerr << "boom: the model server went away" << std::endl;
            return 3;
        }
        if (query.rfind("PRINTENV ", 0) == 0) {
            const std::string name = query.substr(9);
            std::cout << nlohmann::json{{"id", request.value("id", std::string())}, {"answer", name + (std::getenv(name.c_str()) ? " set" : " unset")}}.dump()
                      << std::endl;
            continue;
        }
        if (query.find("GARBAGE") != std::string::npos) {
            std::cout << "this is not json" << std::endl;
            continue;
        }
        nlohmann::json ids = nlohmann::json::array();
        const auto contexts = request.value("contexts", nlohmann::json::array());
        if (!contexts.empty())
            ids.push_back("cmd-" + contexts[0].value("id", std::string()));
        held.push_back({{"id", request.value("id", std::string())}, {"answer", "CMD: " + query}, {"context_ids", ids},
                        {"trace", "looked at " + std::to_string(contexts.size()) + " passages"}});
        if (held.size() == 2) {
            std::cout << held[1].dump() << '\n' << held[0].dump() << std::endl;
            held.clear();
        }
    }
    for (const auto &reply : held)
        std::cout << reply.dump() << std::endl;
    return 0;
}
