#pragma once
// The passwords of linked servers for this process only (never written anywhere): the GUI
// puts one here after a connection succeeds, so the jobs that reach the server later (on any
// thread) find it. fill() takes a location's password from here, else from the environment
// (ServerLocation::takePasswordFromEnvironment).
#include "schema/serverlocation.h"

namespace assay {

class ServerPasswords {
public:
    static void remember(const ServerLocation &location);
    static void fill(ServerLocation &location);
};

} // namespace assay
