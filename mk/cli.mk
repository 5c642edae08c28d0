# cli.mk - the command-line tool `ctc` (cli/*.c), a hosted program that
# links the library: `make ctc` builds $(B)/ctc for TARGET.

CTC_BIN  := $(B)/ctc
CTC_SRCS := $(sort $(wildcard cli/*.c))
CTC_OBJS := $(CTC_SRCS:%.c=$(B)/%.o)

$(B)/cli/%.o: cli/%.c $(B)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Wconversion $(CFLAGS) -MMD -MP -c $< -o $@

$(CTC_BIN): $(CTC_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CTC_OBJS) $(LIB) $(LDFLAGS_ALL) -o $@

.PHONY: ctc
ctc: $(CTC_BIN)

-include $(CTC_OBJS:.o=.d)
