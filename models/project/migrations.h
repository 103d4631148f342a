#pragma once
#include "project/migration.h"

#include <vector>

namespace assay {

// The project file's migrations, in version order (1, 2, ...).
const std::vector<Migration> &builtinMigrations();

} // namespace assay
