#pragma once
// Migrations 15 and on (ground-truth links, short forms, value aliases, document keys, test-set
// versions and gates, 2-D IRT, claims), in version order; builtinMigrations() appends them to
// the first fourteen. A new migration is appended here (docs/ARCHITECTURE.md, "A migration").
#include "project/migration.h"

#include <vector>

namespace assay {

const std::vector<Migration> &laterMigrations();

} // namespace assay
