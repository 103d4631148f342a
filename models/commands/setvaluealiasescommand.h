#pragma once
// Value aliases added or removed, as one undoable edit (accepted proposals of the absent-answer
// diagnostic, or aliases the user typed; KeyedRowsCommand).
#include "commands/keyedrowscommand.h"
#include "grounding/aliasstore.h"
#include "grounding/valuealias.h"

namespace assay {

class SetValueAliasesCommand : public KeyedRowsCommand<AliasStore, ValueAlias> {
public:
    using KeyedRowsCommand::KeyedRowsCommand;
};

} // namespace assay
