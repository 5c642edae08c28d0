# cli.mk - the command-line tool `ctc` (cli/ctc.c), a hosted program that
# links the library: `make ctc` builds $(B)/ctc for TARGET.

CTC_BIN := $(B)/ctc

$(CTC_BIN): cli/ctc.c $(LIB) $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Wconversion $(CFLAGS) -MMD -MP $< $(LIB) $(LDFLAGS_ALL) -o $@

.PHONY: ctc
ctc: $(CTC_BIN)

-include $(CTC_BIN).d
