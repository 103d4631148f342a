#pragma once
// Ground-truth links written, changed or removed, as one undoable edit: links proposed by the
// auto linker, read from a links file, or accepted and rejected in review (KeyedRowsCommand).
#include "commands/keyedrowscommand.h"
#include "grounding/groundlink.h"
#include "grounding/groundlinkstore.h"

namespace assay {

class SetGroundLinksCommand : public KeyedRowsCommand<GroundLinkStore, GroundLink> {
public:
    using KeyedRowsCommand::KeyedRowsCommand;
};

} // namespace assay
