#pragma once
// A session that dies with a project open, as a crash or kill -9 leaves it: a child process
// opens the project and exits without closing anything. Returns the child's pid (0 when the
// child could not open the project, -1 when it could not be started).
#include "project/project.h"

#include <sys/wait.h>
#include <unistd.h>

namespace assay::test {

inline pid_t openProjectAndDie(const QString &path)
{
    const pid_t child = fork();
    if (child == 0) {
        auto project = Project::open(path);
        _exit(project.ok() ? 0 : 1);
    }
    if (child < 0)
        return -1;
    int status = 0;
    if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return 0;
    return child;
}

} // namespace assay::test
